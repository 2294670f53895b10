import type { TemplateExport } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/** POST doctemplate/resendExport (重新发送). The server's refusal (limits, cooldown) is toasted. */
export function resendExport(exportId: string): Promise<TemplateExport> {
  return api.post<TemplateExport>('doctemplate/resendExport', { exportId });
}
