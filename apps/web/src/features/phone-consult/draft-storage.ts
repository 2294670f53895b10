import { type KeyValueStorage, memoryStorage } from '../../lib/storage.ts';
import { draftKey, parseDraft, type SubTelDraft } from './phone-rules.ts';

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

/** SubTel's draft of one field: kept while filling in, so a reload or the login round trip loses nothing. */
export function readDraft(field: number, storage: KeyValueStorage = sessionStore()): SubTelDraft {
  try {
    return parseDraft(storage.getItem(draftKey(field)));
  } catch {
    return parseDraft(null);
  }
}

export function writeDraft(
  field: number,
  draft: SubTelDraft,
  storage: KeyValueStorage = sessionStore(),
): void {
  try {
    storage.setItem(draftKey(field), JSON.stringify(draft));
  } catch {
    // full or refused: the draft just is not kept
  }
}

export function clearDraft(field: number, storage: KeyValueStorage = sessionStore()): void {
  try {
    storage.removeItem(draftKey(field));
  } catch {
    // nothing to do
  }
}
