import { api } from '../api.ts';

/**
 * Opens a file of an order (evidence, the letter PDF, a lawsuit document) in a new tab. The file URL
 * wants the lawyer token in its header, which a plain link cannot send: fetch it, then open a blob:
 * URL. The tab is opened at once (inside the tap, so no popup blocker stops it) and pointed at the
 * file when it arrives.
 */
export async function openServiceFile(url: string, name: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.getBlob(url);
    const href = URL.createObjectURL(blob);
    if (tab) tab.location.href = href;
    else saveBlob(href, name);
    // The new tab has loaded it by then; keep memory from growing with every file opened.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Without a tab (blocked): download it under its name. */
function saveBlob(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
