import type { TemplateExport } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST doctemplate/confirmExport (邮箱验收): the person got the mail. The server's refusal is toasted. */
export function confirmExport(exportId: string): Promise<TemplateExport> {
  return api.post<TemplateExport>('doctemplate/confirmExport', { exportId });
}
