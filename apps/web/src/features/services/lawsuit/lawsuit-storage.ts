import { type KeyValueStorage, memoryStorage } from '../../../lib/storage.ts';
import { DRAFT_KEY, type LawsuitDraft, parseDraft } from './lawsuit-rules.ts';

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

function read(key: string): string | null {
  try {
    return sessionStore().getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStore().removeItem(key);
    else sessionStore().setItem(key, value);
  } catch {
    // full or refused: the draft just is not kept
  }
}

/** The lawsuit form's draft: kept while filling in, so an error, a reload or the login loses nothing. */
export function readLawsuitDraft(newRequestId: () => string): LawsuitDraft {
  return parseDraft(read(DRAFT_KEY), newRequestId);
}

export function writeLawsuitDraft(draft: LawsuitDraft): void {
  write(DRAFT_KEY, JSON.stringify(draft));
}

export function clearLawsuitDraft(): void {
  write(DRAFT_KEY, null);
}

const signKey = (orderId: string) => `ll.lawsuitSign.${orderId}`;

/** The name typed on the entrustment view, kept over a reload until signed. */
export function readSignName(orderId: string): string {
  return (read(signKey(orderId)) ?? '').slice(0, 40);
}

export function writeSignName(orderId: string, name: string): void {
  write(signKey(orderId), name ? name : null);
}
