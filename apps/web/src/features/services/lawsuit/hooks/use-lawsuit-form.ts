import { useEffect, useState } from 'react';
import { newUuid } from '../../hooks/use-request-id.ts';
import {
  checkLawsuit,
  type LawsuitDraft,
  type LawsuitErrors,
  type LawsuitField,
  lawsuitFields,
} from '../lawsuit-rules.ts';
import { readLawsuitDraft, writeLawsuitDraft } from '../lawsuit-storage.ts';

function filledFields(draft: LawsuitDraft): Set<LawsuitField> {
  const filled = new Set<LawsuitField>();
  if (draft.role) filled.add('role');
  if (draft.caseType) filled.add('caseType');
  if (draft.consultField !== null) filled.add('consultField');
  if (draft.amount.trim()) filled.add('amount');
  if (draft.courtRegionCodes.length > 0) filled.add('courtRegionCode');
  if (draft.facts.trim()) filled.add('facts');
  return filled;
}

/**
 * The lawsuit form's state, written to sessionStorage at every change (a refused submit, a reload
 * or the login round trip loses nothing). A field's message shows once the field was left (or was
 * filled when the page opened), and every message after a submit attempt.
 */
export function useLawsuitForm() {
  const [draft, setDraft] = useState<LawsuitDraft>(() => readLawsuitDraft(newUuid));
  const [touched, setTouched] = useState<Set<LawsuitField>>(() => filledFields(draft));
  const [showAll, setShowAll] = useState(false);

  useEffect(() => writeLawsuitDraft(draft), [draft]);

  const check = checkLawsuit(draft);
  const errors: LawsuitErrors = check.ok ? {} : check.errors;
  const shown: LawsuitErrors = {};
  for (const field of lawsuitFields) {
    if (errors[field] && (showAll || touched.has(field))) shown[field] = errors[field];
  }

  const update = (change: Partial<LawsuitDraft>) => setDraft((d) => ({ ...d, ...change }));
  const touch = (field: LawsuitField) =>
    setTouched((t) => {
      if (t.has(field)) return t;
      const next = new Set(t);
      next.add(field);
      return next;
    });
  /** Marks every field as seen; answers the first field with a message (to focus), or null. */
  const revealAll = (): LawsuitField | null => {
    setShowAll(true);
    return lawsuitFields.find((f) => errors[f]) ?? null;
  };

  return { draft, update, touch, errors: shown, check, revealAll };
}
