import type { ServiceFile } from '@lawline/contract/schemas';
import { NETWORK_ERROR_MESSAGE } from '../../../api/client.ts';
import { showToast } from '../../../app/api-effects.ts';
import { browserStorage, StorageKey } from '../../../lib/storage.ts';

/**
 * GET a file of an order (order/serviceFile/:orderId/:fileId, the url the order gives): the server
 * answers only with the person's token header, so a plain link cannot open it. Fetched with the
 * token, then shown (PDF, picture) or saved under its name. 404: not the person's file.
 */
export async function fetchServiceFile(file: Pick<ServiceFile, 'url'>, signal?: AbortSignal): Promise<Blob> {
  const token = browserStorage().getItem(StorageKey.token);
  const response = await fetch(file.url, { headers: token ? { token } : {}, signal });
  if (!response.ok) throw new Error(response.status === 404 ? '文件不存在或无权查看' : NETWORK_ERROR_MESSAGE);
  return response.blob();
}

/** Opens a file of the order in a new tab (or downloads it where the browser cannot show it). */
export async function openServiceFile(file: Pick<ServiceFile, 'url' | 'name' | 'mime'>): Promise<void> {
  // Opened before the fetch: a tab opened after an await is blocked as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchServiceFile(file);
    const objectUrl = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: file.mime }));
    if (tab) {
      tab.location.href = objectUrl;
    } else {
      const a = document.createElement('a');
      a.href = objectUrl;
      a.download = file.name;
      a.click();
    }
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    showToast(error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE);
  }
}
