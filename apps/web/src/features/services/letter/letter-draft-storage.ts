import { type KeyValueStorage, memoryStorage } from '../../../lib/storage.ts';
import { type LetterDraft, parseLetterDraft } from './letter-rules.ts';

let fallback: KeyValueStorage | null = null;

/** sessionStorage when the browser lets us use it (the draft lives as long as the tab), else memory. */
function sessionStore(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage;
  } catch {
    // private modes may refuse
  }
  fallback ??= memoryStorage();
  return fallback;
}

/** The new letter's draft, or the edit of one order's letter. */
export function letterDraftKey(orderId?: string): string {
  return orderId ? `ll.letterEdit.${orderId}` : 'll.letterDraft';
}

/** null: nothing kept under `key`. */
export function readLetterDraft(key: string, storage: KeyValueStorage = sessionStore()): LetterDraft | null {
  try {
    const text = storage.getItem(key);
    return text ? parseLetterDraft(text) : null;
  } catch {
    return null;
  }
}

export function writeLetterDraft(
  key: string,
  draft: LetterDraft,
  storage: KeyValueStorage = sessionStore(),
): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // full or refused: the draft just is not kept
  }
}

export function clearLetterDraft(key: string, storage: KeyValueStorage = sessionStore()): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to do
  }
}
