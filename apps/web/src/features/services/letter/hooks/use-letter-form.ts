import { useEffect, useMemo, useState } from 'react';
import { clearLetterDraft, readLetterDraft, writeLetterDraft } from '../letter-draft-storage.ts';
import {
  emptyLetterDraft,
  fieldDomId,
  firstErrorKey,
  type LetterDraft,
  type LetterErrors,
  type LetterFieldKey,
  letterErrors,
  letterFieldKeys,
} from '../letter-rules.ts';

function filledKeys(draft: LetterDraft): Set<LetterFieldKey> {
  const filled = new Set<LetterFieldKey>();
  const party = (who: 'sender' | 'recipient') => {
    for (const field of ['name', 'phone', 'address'] as const) {
      if (draft[who][field].trim()) filled.add(`${who}.${field}`);
    }
  };
  party('sender');
  party('recipient');
  if (draft.facts.trim()) filled.add('facts');
  if (draft.demands.trim()) filled.add('demands');
  if (draft.deadline) filled.add('deadline');
  return filled;
}

/**
 * The letter form's state, kept in sessionStorage under `storageKey` at every change (a reload, the
 * login round trip or a refused submit loses nothing). A field's message shows once it was left
 * (or was already filled when the page opened), and every message after a submit attempt.
 */
export function useLetterForm(storageKey: string, initial?: () => LetterDraft | null) {
  const [draft, setDraft] = useState<LetterDraft>(
    () => readLetterDraft(storageKey) ?? initial?.() ?? emptyLetterDraft(),
  );
  const [touched, setTouched] = useState<Set<LetterFieldKey>>(() => filledKeys(draft));
  const [showAll, setShowAll] = useState(false);
  // The calendar day the page was opened on: the deadline's "after today".
  const today = useMemo(() => new Date(), []);

  useEffect(() => {
    writeLetterDraft(storageKey, draft);
  }, [storageKey, draft]);

  const errors = letterErrors(draft, today);
  const shown: LetterErrors = {};
  for (const key of letterFieldKeys) {
    if (errors[key] && (showAll || touched.has(key))) shown[key] = errors[key];
  }

  const update = (change: Partial<LetterDraft>) => setDraft((d) => ({ ...d, ...change }));
  const touch = (key: LetterFieldKey) =>
    setTouched((t) => {
      if (t.has(key)) return t;
      const next = new Set(t);
      next.add(key);
      return next;
    });

  /** Show every message; focus the first field in error. True when the form can be sent. */
  const check = (): boolean => {
    setShowAll(true);
    const first = firstErrorKey(errors);
    if (!first) return true;
    const el = document.getElementById(fieldDomId(first));
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
    return false;
  };

  const clear = () => clearLetterDraft(storageKey);

  return { draft, setDraft, update, touch, errors, shown, check, clear, today };
}
