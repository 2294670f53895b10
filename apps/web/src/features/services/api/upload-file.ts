import type { UploadSliceResult } from '@lawline/contract/schemas';
import { api } from '../../../api/client.ts';
import { newUuid } from '../hooks/use-request-id.ts';

/** Slices of 1 MB (the server takes up to 2 MB a slice, 20 MB a file, 100 slices). */
export const SLICE_BYTES = 1024 * 1024;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Progress stays at most this until the server answered the last slice with the file's url (spec §7). */
export const PROGRESS_CAP = 90;

export type UploadedFile = { uuid: string; url: string };

/** The percent to show after `sent` of `count` slices (capped until the url is known). */
export function uploadProgress(sent: number, count: number, done: boolean): number {
  if (done) return 100;
  if (count <= 0) return 0;
  return Math.min(PROGRESS_CAP, Math.floor((sent / count) * 100));
}

/**
 * oss/breakpointUpload (spec §3 upload slice): the file in 1 MB slices under one uuid, in order;
 * the last slice's answer carries the file's url. A failed slice is sent once more before giving
 * up (the server keeps what it has, so sending it again continues the file). Type '8': documents
 * and pictures (PDF, Word, JPG, PNG, ZIP). The server's message (wrong type, too large) is toasted.
 */
export async function uploadFile(
  file: Blob & { name?: string },
  options: { type?: '8' | '25'; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const uuid = newUuid();
  const count = Math.max(1, Math.ceil(file.size / SLICE_BYTES));
  const name = file.name || 'file';
  options.onProgress?.(0);
  let url: string | null = null;
  for (let slice = 0; slice < count; slice++) {
    const part = file.slice(slice * SLICE_BYTES, Math.min(file.size, (slice + 1) * SLICE_BYTES));
    const send = () => {
      const form = new FormData();
      form.set('slice', String(slice));
      form.set('countSlice', String(count));
      form.set('type', options.type ?? '8');
      form.set('uuid', uuid);
      form.set('unionPayFile', part, name);
      return api.post<UploadSliceResult>('oss/breakpointUpload', form, {
        signal: options.signal,
        timeoutMs: 60_000,
      });
    };
    const answer = await send().catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return send();
    });
    url = answer.url;
    options.onProgress?.(uploadProgress(slice + 1, count, url !== null));
  }
  if (!url) throw new Error('upload not finished');
  return { uuid, url };
}
