import type { TemplateField } from '@lawline/contract/schemas';
import { useEffect, useState } from 'react';
import { type KeyValueStorage, memoryStorage } from '../../../lib/storage.ts';
import { type ExportDraft, type ExportErrors, exportErrors, parseExportDraft } from '../template-rules.ts';

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

const draftKey = (templateId: number) => `ll.tplExport.${templateId}`;
/** The last address typed, offered again on the next template. */
const EMAIL_KEY = 'll.tplExport.email';

function read(key: string): string | null {
  try {
    return sessionStore().getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStore().setItem(key, value);
  } catch {
    // full or refused: the draft just is not kept
  }
}

/**
 * The export form of one template, kept in sessionStorage at every change: a refused export, the
 * login round trip or a trip to buy a card loses nothing typed. A message shows once its field was
 * left, and every message after a submit attempt.
 */
export function useExportDraft(templateId: number, fields: readonly TemplateField[]) {
  const [draft, setDraft] = useState<ExportDraft>(() => {
    const kept = parseExportDraft(read(draftKey(templateId)));
    return kept.email ? kept : { ...kept, email: read(EMAIL_KEY) ?? '' };
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);

  useEffect(() => {
    write(draftKey(templateId), JSON.stringify(draft));
    if (draft.email.trim()) write(EMAIL_KEY, draft.email.trim());
  }, [templateId, draft]);

  const errors = exportErrors(draft, fields);
  const shown: ExportErrors = { fields: {} };
  if (errors.email && (showAll || touched.has('email'))) shown.email = errors.email;
  for (const [name, message] of Object.entries(errors.fields)) {
    // A length message shows at once: the person sees it while typing past the limit.
    shown.fields[name] = message;
  }

  const setEmail = (email: string) => setDraft((d) => ({ ...d, email }));
  const setValue = (name: string, value: string) =>
    setDraft((d) => ({ ...d, values: { ...d.values, [name]: value } }));
  const touch = (name: string) =>
    setTouched((t) => {
      if (t.has(name)) return t;
      const next = new Set(t);
      next.add(name);
      return next;
    });

  return { draft, errors, shown, setEmail, setValue, touch, showAll: () => setShowAll(true) };
}
