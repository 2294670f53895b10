import type { TemplateExport, TemplateExportRequest } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';

/**
 * POST doctemplate/export (members): the DOCX by e-mail. Quiet: the form shows what went wrong
 * beside what the person typed (and leads a non-member to the cards).
 */
export function exportTemplate(input: TemplateExportRequest): Promise<TemplateExport> {
  return api.post<TemplateExport>('doctemplate/export', input, { ignoreError: true });
}
