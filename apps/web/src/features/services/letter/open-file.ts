import type { ServiceFile } from '@lawline/contract/schemas';
import { fetchServiceFile } from '../api/service-file.ts';

/** A file of the order as a blob: URL (fetched with the token header); the caller revokes it. */
export async function fetchFileUrl(file: Pick<ServiceFile, 'url' | 'mime'>): Promise<string> {
  const blob = await fetchServiceFile(file);
  return URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: file.mime }));
}

/**
 * Hands a fetched file to the browser as a download under its name: saved on Android and desktop,
 * shown by the system viewer on iOS. Some in-app browsers ignore it; the page keeps a link to tap.
 */
export function saveBlobUrl(objectUrl: string, name: string): void {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
