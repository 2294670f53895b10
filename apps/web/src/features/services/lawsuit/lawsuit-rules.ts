import { ConsultFieldName, MemberRight, platinumCardRights, quoteBalanceFen } from '@lawline/contract';
import {
  type CreateLawsuitOrder,
  CreateLawsuitOrderSchema,
  LawsuitCaseTypeText,
  LawsuitRoleText,
} from '@lawline/contract/schemas';
import type { EvidenceFile } from '../components/evidence-uploader.tsx';
import { yuanText } from '../service-rules.ts';

/**
 * The lawsuit form's rules, free of React: the draft kept in sessionStorage, the payload built from
 * it and checked with the contract's schema (the server checks the same), field by field.
 */

export type LawsuitRole = keyof typeof LawsuitRoleText;
export type LawsuitCaseType = keyof typeof LawsuitCaseTypeText;

export const roleOptions = (Object.keys(LawsuitRoleText) as LawsuitRole[]).map((value) => ({
  value,
  label: LawsuitRoleText[value],
}));
export const caseTypeOptions = (Object.keys(LawsuitCaseTypeText) as LawsuitCaseType[]).map((value) => ({
  value,
  label: LawsuitCaseTypeText[value],
}));

/** Fields a lawsuit is about (the picker's list): the common ones first, 其他问题 last. */
const FIELD_ORDER = [4, 8, 2, 3, 5, 1, 6, 9, 21, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 23, 7] as const;
export const lawsuitFieldOptions = FIELD_ORDER.map((code) => ({
  value: String(code),
  label: ConsultFieldName[code],
}));

export type LawsuitDraft = {
  /** One form visit = one key (kept with the draft, so a reload after a lost answer is the same order). */
  requestId: string;
  role: LawsuitRole | '';
  caseType: LawsuitCaseType | '';
  consultField: number | null;
  /** As typed: yuan, '' until filled. */
  amount: string;
  /** [province, city] codes of the court and their names ('广东省 深圳市'). */
  courtRegionCodes: string[];
  courtRegionText: string;
  facts: string;
  evidence: EvidenceFile[];
};

/** The fields a message can be shown next to (the schema's keys). */
export type LawsuitField =
  | 'role'
  | 'caseType'
  | 'consultField'
  | 'amount'
  | 'courtRegionCode'
  | 'facts'
  | 'evidence';
export const lawsuitFields: readonly LawsuitField[] = [
  'role',
  'caseType',
  'consultField',
  'amount',
  'courtRegionCode',
  'facts',
  'evidence',
];
export type LawsuitErrors = Partial<Record<LawsuitField, string>>;

export const FACTS_MIN = 20;
export const FACTS_MAX = 3000;
export const EVIDENCE_MAX = 20;

export const DRAFT_KEY = 'll.lawsuitDraft';

export function emptyDraft(requestId: string): LawsuitDraft {
  return {
    requestId,
    role: '',
    caseType: '',
    consultField: null,
    amount: '',
    courtRegionCodes: [],
    courtRegionText: '',
    facts: '',
    evidence: [],
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored draft read back defensively (an old or tampered value gives the empty fields). */
export function parseDraft(raw: string | null, newRequestId: () => string): LawsuitDraft {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      value = parsed as Record<string, unknown>;
  } catch {
    value = {};
  }
  const requestId =
    isString(value.requestId) && UUID.test(value.requestId) ? value.requestId : newRequestId();
  const role = roleOptions.find((o) => o.value === value.role)?.value ?? '';
  const caseType = caseTypeOptions.find((o) => o.value === value.caseType)?.value ?? '';
  const field = typeof value.consultField === 'number' ? value.consultField : null;
  const codes = Array.isArray(value.courtRegionCodes)
    ? value.courtRegionCodes.filter(isString).slice(0, 2)
    : [];
  const evidence = Array.isArray(value.evidence)
    ? value.evidence
        .filter(
          (f): f is EvidenceFile =>
            typeof f === 'object' &&
            f !== null &&
            isString((f as EvidenceFile).id) &&
            UUID.test((f as EvidenceFile).id) &&
            isString((f as EvidenceFile).name) &&
            typeof (f as EvidenceFile).size === 'number',
        )
        .slice(0, EVIDENCE_MAX)
    : [];
  return {
    requestId,
    role,
    caseType,
    consultField: field !== null && lawsuitFieldOptions.some((o) => o.value === String(field)) ? field : null,
    amount: isString(value.amount) ? value.amount.slice(0, 20) : '',
    courtRegionCodes: codes,
    courtRegionText: codes.length > 0 && isString(value.courtRegionText) ? value.courtRegionText : '',
    facts: isString(value.facts) ? value.facts.slice(0, FACTS_MAX + 200) : '',
    evidence,
  };
}

/** The request the draft makes (unchecked: the schema says what is wrong). */
export function lawsuitPayload(draft: LawsuitDraft): Record<string, unknown> {
  const amount = draft.amount.trim().replace(/[,，\s]/g, '');
  return {
    requestId: draft.requestId,
    role: draft.role || undefined,
    caseType: draft.caseType || undefined,
    consultField: draft.consultField ?? undefined,
    // '' must not coerce to 0: an empty box is "not filled", 0 is "not about money".
    amount: amount === '' ? undefined : amount,
    // The court's city (the second code); a province alone is not enough.
    courtRegionCode: draft.courtRegionCodes[1],
    facts: draft.facts,
    evidence: draft.evidence.map((f) => f.id),
  };
}

export type LawsuitCheck = { ok: true; value: CreateLawsuitOrder } | { ok: false; errors: LawsuitErrors };

/** The contract's schema over the draft: the order to send, or one message per field. */
export function checkLawsuit(draft: LawsuitDraft): LawsuitCheck {
  const result = CreateLawsuitOrderSchema.safeParse(lawsuitPayload(draft));
  if (result.success) return { ok: true, value: result.data };
  const errors: LawsuitErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = lawsuitFields.find((f) => f === key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  // The schema says 请填写案情经过 for a text too short as well: say how much is missing.
  const facts = factsLength(draft.facts);
  if (errors.facts && facts > 0 && facts < FACTS_MIN) {
    errors.facts = `案情经过至少${FACTS_MIN}个字，还差${FACTS_MIN - facts}个字`;
  }
  // Letters in the amount read as "not filled" to the schema: say what is wrong.
  const amount = draft.amount.trim().replace(/[,，\s]/g, '');
  if (errors.amount && amount !== '' && !Number.isFinite(Number(amount))) {
    errors.amount = '争议金额请填写数字（元），不涉及金额请填0';
  }
  // Something outside the fields (requestId): a fresh form visit fixes it.
  if (Object.keys(errors).length === 0) errors.facts = result.error.issues[0]?.message ?? '请检查填写内容';
  return { ok: false, errors };
}

/** Length of the facts as the schema counts them (trimmed). */
export function factsLength(facts: string): number {
  return facts.trim().length;
}

const lawsuitRight = platinumCardRights.find((r) => r.right === MemberRight.lawsuitAgency);
/** The free agency's cap in yuan (300,000), from the card's rule. */
export const FREE_LAWSUIT_CAP_YUAN = (lawsuitRight?.capFen ?? 0) / 100;

/**
 * Whether the case as typed fits the platinum card's free agency (defendant, civil, within the cap).
 * Only a hint next to the card's note: the server decides (waiting period, uses left).
 */
export function fitsFreeLawsuit(draft: Pick<LawsuitDraft, 'role' | 'caseType' | 'amount'>): boolean {
  const amount = Number(draft.amount.trim().replace(/[,，\s]/g, ''));
  return (
    draft.role === 'defendant' &&
    draft.caseType === 'civil' &&
    draft.amount.trim() !== '' &&
    Number.isFinite(amount) &&
    amount >= 0 &&
    amount <= FREE_LAWSUIT_CAP_YUAN
  );
}

/** The amount in dispute as the pages say it: 0 is "not about money"; 1,234,567.5元 otherwise. */
export function amountText(yuanValue: number): string {
  if (yuanValue === 0) return '不涉及金额';
  const fixed = Number.isInteger(yuanValue) ? String(yuanValue) : yuanValue.toFixed(2);
  const [whole = '0', fen] = fixed.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fen ? `.${fen}` : ''}元`;
}

/** Yuan as money (¥1,280), the services' one format. */
export const yuan = yuanText;

/** The balance a quote leaves after the deposit (the server's figure wins once there is one). */
export function quoteBalance(feeYuan: number, depositYuan: number): number {
  const fen = quoteBalanceFen(Math.round(feeYuan * 100), Math.round(depositYuan * 100));
  return fen === null ? 0 : fen / 100;
}
