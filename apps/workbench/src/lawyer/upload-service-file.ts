import type { LawyerUploadResultSchema } from '@lawline/contract/schemas';
import { api } from '../api.ts';

/** The contract exports only the schema; its parse result is the answer's type (no zod at runtime). */
export type LawyerUploadResult = ReturnType<typeof LawyerUploadResultSchema.parse>;

/** What the server takes for a milestone (PDF, JPG, PNG by content, up to 10 MB); it checks again. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * lawyer/services/upload (multipart, one part `file`): a document for a lawsuit milestone. With
 * `orderId` the server checks the order is this lawyer's before keeping the file.
 */
export function uploadServiceFile(orderId: string, file: File): Promise<LawyerUploadResult> {
  const form = new FormData();
  form.append('orderId', orderId);
  form.append('file', file, file.name);
  return api.upload<LawyerUploadResult>('lawyer/services/upload', form);
}
