import { api } from '../api.ts';

/** lawyer/services/letterPreview: the PDF this draft text would make (nothing is saved). */
export function fetchLetterPreview(orderId: string, text: string): Promise<Blob> {
  return api.postForBlob('lawyer/services/letterPreview', { orderId, text });
}
