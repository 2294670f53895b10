import { ConsultFieldName, isConsultFieldCode } from '@lawline/contract';
import { type CreateFaceOrder, CreateFaceOrderSchema } from '@lawline/contract/schemas';
import { type KeyValueStorage, memoryStorage } from '../../lib/storage.ts';
import { type FieldErrors, fieldErrorsOf, MAX_PREFERRED_DATES } from './service-rules.ts';

/**
 * The face consultation form's rules (MeetConsult): the draft kept in sessionStorage (with its
 * request id: a reload after a lost answer is the same order), the payload built from it and checked
 * with the contract's schema — the server checks the same — one message per field.
 */

/** Fields offered for a meeting (the common ones first, 其他问题 last). */
const FIELD_ORDER = [4, 2, 3, 5, 8, 1, 6, 9, 21, 11, 13, 24, 7] as const;
export const faceFieldOptions = FIELD_ORDER.map((code) => ({ code, name: ConsultFieldName[code] }));

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const CONTACT_MAX = 20;

export type FaceDraft = {
  requestId: string;
  /** [province, city] and their names ('广东省 深圳市'). */
  regionCodes: string[];
  regionText: string;
  consultField: number | null;
  /** 1 著名, 2 专家, 3 资深; 3 until chosen (the list price). */
  level: number;
  preferredDates: string[];
  description: string;
  contactName: string;
};

/** The fields a message can be shown next to, in the form's order. */
export const faceFields = [
  'regionCode',
  'consultField',
  'level',
  'preferredDates',
  'description',
  'contactName',
] as const;
export type FaceField = (typeof faceFields)[number];

export function emptyFaceDraft(requestId: string): FaceDraft {
  return {
    requestId,
    regionCodes: [],
    regionText: '',
    consultField: null,
    level: 3,
    preferredDates: [],
    description: '',
    contactName: '',
  };
}

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** A stored draft, or a new one for anything unreadable; dates before `today` are dropped. */
export function parseFaceDraft(raw: string | null, newRequestId: () => string, today: string): FaceDraft {
  if (!raw) return emptyFaceDraft(newRequestId());
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const requestId =
      typeof v.requestId === 'string' && /^[0-9a-f-]{36}$/i.test(v.requestId) ? v.requestId : null;
    if (!requestId) return emptyFaceDraft(newRequestId());
    const codes = Array.isArray(v.regionCodes)
      ? v.regionCodes.filter((c): c is string => typeof c === 'string' && /^\d{6}$/.test(c)).slice(0, 2)
      : [];
    const field =
      typeof v.consultField === 'number' && isConsultFieldCode(v.consultField) ? v.consultField : null;
    const level = v.level === 1 || v.level === 2 || v.level === 3 ? v.level : 3;
    const dates = Array.isArray(v.preferredDates)
      ? v.preferredDates
          .filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && d > today)
          .slice(0, MAX_PREFERRED_DATES)
      : [];
    return {
      requestId,
      regionCodes: codes.length === 2 ? codes : [],
      regionText: codes.length === 2 ? str(v.regionText, 40) : '',
      consultField: field,
      level,
      preferredDates: dates,
      description: str(v.description, DESCRIPTION_MAX + 100),
      contactName: str(v.contactName, CONTACT_MAX + 20),
    };
  } catch {
    return emptyFaceDraft(newRequestId());
  }
}

export type FaceInput = Omit<CreateFaceOrder, 'channel' | 'channelCode' | 'usertype'>;

/** What is sent (the schema trims too). */
export function faceInput(draft: FaceDraft): FaceInput {
  return {
    requestId: draft.requestId,
    regionCode: draft.regionCodes[1] ?? '',
    consultField: draft.consultField ?? 0,
    level: draft.level,
    preferredDates: draft.preferredDates,
    description: draft.description.trim(),
    contactName: draft.contactName.trim(),
  };
}

/** The contract schema's messages, one per field ({} when the form is fine). */
export function checkFaceDraft(draft: FaceDraft): FieldErrors {
  const result = CreateFaceOrderSchema.safeParse(faceInput(draft));
  if (result.success) return {};
  const errors = fieldErrorsOf(result.error.issues);
  // The schema says 请填写… for too short as for empty: say how much is missing instead.
  const length = draft.description.trim().length;
  if (errors.description && length > 0 && length < DESCRIPTION_MIN) {
    errors.description = `问题描述至少${DESCRIPTION_MIN}个字，还差${DESCRIPTION_MIN - length}个字`;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The draft in sessionStorage

export const FACE_DRAFT_KEY = 'll.faceDraft';
let fallback: KeyValueStorage | null = null;

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

export function readFaceDraft(newRequestId: () => string, today: string): FaceDraft {
  try {
    return parseFaceDraft(sessionStore().getItem(FACE_DRAFT_KEY), newRequestId, today);
  } catch {
    return emptyFaceDraft(newRequestId());
  }
}

export function writeFaceDraft(draft: FaceDraft | null): void {
  try {
    if (draft) sessionStore().setItem(FACE_DRAFT_KEY, JSON.stringify(draft));
    else sessionStore().removeItem(FACE_DRAFT_KEY);
  } catch {
    // full or refused: the draft just is not kept
  }
}
