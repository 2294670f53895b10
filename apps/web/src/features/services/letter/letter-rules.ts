import { LETTER_REVISION_ROUNDS } from '@lawline/contract';
import {
  type CourierEventView,
  type CreateLetterOrder,
  CreateLetterOrderSchema,
  type LetterSection,
  type ServiceOrderDetail,
} from '@lawline/contract/schemas';
import type { EvidenceFile } from '../components/evidence-uploader.tsx';

/**
 * The lawyer-letter screens' decisions, free of React: the form's draft and its validation with
 * the contract schema (one message per field), the deadline's dates, the revision rounds text and
 * the courier's status names.
 */

export type PartyDraft = { name: string; phone: string; address: string };

/** An evidence file the person attached (kept in the draft so a reload does not lose it). */
export type EvidenceDraft = EvidenceFile;

export type LetterDraft = {
  sender: PartyDraft;
  recipient: PartyDraft;
  facts: string;
  demands: string;
  /** yyyy-mm-dd or ''. */
  deadline: string;
  evidence: EvidenceDraft[];
};

export type LetterFieldKey =
  | 'sender.name'
  | 'sender.phone'
  | 'sender.address'
  | 'recipient.name'
  | 'recipient.phone'
  | 'recipient.address'
  | 'facts'
  | 'demands'
  | 'deadline'
  | 'evidence';

export const letterFieldKeys: readonly LetterFieldKey[] = [
  'sender.name',
  'sender.phone',
  'sender.address',
  'recipient.name',
  'recipient.phone',
  'recipient.address',
  'facts',
  'demands',
  'deadline',
  'evidence',
];

export type LetterErrors = Partial<Record<LetterFieldKey, string>>;

const emptyParty = (): PartyDraft => ({ name: '', phone: '', address: '' });

export function emptyLetterDraft(): LetterDraft {
  return {
    sender: emptyParty(),
    recipient: emptyParty(),
    facts: '',
    demands: '',
    deadline: '',
    evidence: [],
  };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function partyOf(value: unknown): PartyDraft {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return { name: str(v.name), phone: str(v.phone), address: str(v.address) };
}

function evidenceOf(value: unknown): EvidenceDraft[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): EvidenceDraft[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name, size } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !id) return [];
    return [{ id, name: str(name) || '证据文件', size: typeof size === 'number' ? size : 0 }];
  });
}

/** A stored draft (JSON text), whatever shape it was left in; empty fields for anything unusable. */
export function parseLetterDraft(text: string | null): LetterDraft {
  if (!text) return emptyLetterDraft();
  try {
    const v = JSON.parse(text) as Record<string, unknown> | null;
    if (typeof v !== 'object' || v === null) return emptyLetterDraft();
    return {
      sender: partyOf(v.sender),
      recipient: partyOf(v.recipient),
      facts: str(v.facts),
      demands: str(v.demands),
      deadline: str(v.deadline),
      evidence: evidenceOf(v.evidence),
    };
  } catch {
    return emptyLetterDraft();
  }
}

/** The order's letter as a draft (the edit page starts from it). */
export function draftOfLetter(letter: LetterSection): LetterDraft {
  return {
    sender: { ...letter.sender },
    recipient: { ...letter.recipient },
    facts: letter.facts,
    demands: letter.demands,
    deadline: letter.deadline,
    evidence: letter.evidence
      .filter((file) => file.kind === 'evidence')
      .map((file) => ({ id: file.id, name: file.name, size: file.size })),
  };
}

// ---------------------------------------------------------------------------------------------
// Dates: the deadline is a day after today (the device's calendar; the server checks it again)

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  next.setDate(next.getDate() + days);
  return next;
}

/** yyyy-mm-dd as a local date, or null. */
export function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isoDate(date) === value ? date : null;
}

/** The deadline picker's range: tomorrow to a year from today. */
export function deadlineRange(today: Date): { min: Date; max: Date } {
  return { min: addDays(today, 1), max: addDays(today, 365) };
}

/** 2025年12月10日 */
export function dateText(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
}

// ---------------------------------------------------------------------------------------------
// Validation: the contract's schema, its messages, one per field

const LetterInputSchema = CreateLetterOrderSchema.omit({ requestId: true });

export type LetterInput = Omit<CreateLetterOrder, 'requestId'>;

function fieldLength(key: LetterFieldKey): number | null {
  const shape = LetterInputSchema.shape;
  const [head, tail] = key.split('.') as [string, string | undefined];
  if (head === 'sender' || head === 'recipient') {
    const party = shape[head].shape;
    return tail === 'name' || tail === 'address' ? party[tail].minLength : null;
  }
  if (head === 'facts' || head === 'demands') return shape[head].minLength;
  return null;
}

function valueAt(draft: LetterDraft, key: LetterFieldKey): string {
  switch (key) {
    case 'sender.name':
      return draft.sender.name;
    case 'sender.phone':
      return draft.sender.phone;
    case 'sender.address':
      return draft.sender.address;
    case 'recipient.name':
      return draft.recipient.name;
    case 'recipient.phone':
      return draft.recipient.phone;
    case 'recipient.address':
      return draft.recipient.address;
    case 'facts':
      return draft.facts;
    case 'demands':
      return draft.demands;
    case 'deadline':
      return draft.deadline;
    case 'evidence':
      return '';
  }
}

/** What is sent: the draft trimmed (the schema trims too), evidence as file ids. */
export function letterInput(draft: LetterDraft): LetterInput {
  const party = (p: PartyDraft) => ({
    name: p.name.trim(),
    phone: p.phone.trim(),
    address: p.address.trim(),
  });
  return {
    sender: party(draft.sender),
    recipient: party(draft.recipient),
    facts: draft.facts.trim(),
    demands: draft.demands.trim(),
    deadline: draft.deadline,
    evidence: draft.evidence.map((file) => file.id),
  };
}

/**
 * One message per field: the contract schema's, except that a short text says how long it must be
 * (the schema says 请填写… for empty and short alike), and the deadline must be after `today`.
 */
export function letterErrors(draft: LetterDraft, today: Date): LetterErrors {
  const errors: LetterErrors = {};
  const parsed = LetterInputSchema.safeParse(letterInput(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const head = String(issue.path[0] ?? '');
      const key = head === 'sender' || head === 'recipient' ? `${head}.${String(issue.path[1] ?? '')}` : head;
      const field = (letterFieldKeys as readonly string[]).includes(key) ? (key as LetterFieldKey) : null;
      if (!field || errors[field]) continue;
      const min = fieldLength(field);
      const text = valueAt(draft, field).trim();
      errors[field] =
        min !== null && text.length > 0 && text.length < min && issue.message.startsWith('请填写')
          ? `${issue.message.slice(3)}至少${min}个字`
          : issue.message;
    }
  }
  if (!errors.deadline) {
    const date = parseIsoDate(draft.deadline);
    if (
      date &&
      date.getTime() <= new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
    ) {
      errors.deadline = '履行期限须晚于今天';
    }
  }
  return errors;
}

export function firstErrorKey(errors: LetterErrors): LetterFieldKey | null {
  return letterFieldKeys.find((key) => errors[key]) ?? null;
}

/** The DOM id of a field's control (to scroll to the first error). */
export function fieldDomId(key: LetterFieldKey): string {
  return `letter-${key.replace('.', '-')}`;
}

export const FACTS_MAX = LetterInputSchema.shape.facts.maxLength ?? 2000;
export const DEMANDS_MAX = LetterInputSchema.shape.demands.maxLength ?? 500;

/** Characters the server will keep (trimmed), for the counters. */
export function textLength(text: string): number {
  return text.trim().length;
}

// ---------------------------------------------------------------------------------------------
// The order page

export function revisionRoundsText(letter: Pick<LetterSection, 'revisionsUsed' | 'revisionsLeft'>): string {
  return letter.revisionsLeft > 0
    ? `还可要求修改${letter.revisionsLeft}次（共${LETTER_REVISION_ROUNDS}次）`
    : `${LETTER_REVISION_ROUNDS}次修改机会已用完`;
}

/** What is happening to the letter now, in a line; null when the frame's status says it all. */
export function letterStageText(
  detail: Pick<ServiceOrderDetail, 'state'>,
  letter: LetterSection,
): string | null {
  if (detail.state === 'cancelled' || detail.state === 'awaiting_payment' || detail.state === 'arranging') {
    return null;
  }
  switch (letter.stage) {
    case null:
      return detail.state === 'arranged'
        ? `律师正在起草律师函初稿，提交后会通知您审阅。${letter.editable ? '初稿提交前您仍可修改律师函信息。' : ''}`
        : null;
    case 'draft_sent':
      // The draft card right below asks for the answer.
      return null;
    case 'revision_asked':
      return '您的修改意见已提交，律师正在修改，新稿提交后会通知您。';
    case 'approved':
      return '您已同意定稿，律师正在出具正式律师函（律所抬头、律师签名）。';
    case 'final':
      return '正式律师函已出具，正在安排快递寄出。';
    case 'sent':
      return '律师函已快递寄出，并已短信通知收件人。';
  }
}

export const CourierStatusText: Readonly<Record<CourierEventView['status'], string>> = {
  created: '已下单',
  collected: '已揽收',
  in_transit: '运输中',
  delivering: '派送中',
  signed: '已签收',
  failed: '派送异常',
};

/** The courier events newest first, as a tracking timeline reads. */
export function courierTimeline(events: readonly CourierEventView[]): CourierEventView[] {
  return [...events].sort((a, b) => b.at - a.at);
}

/** 11月27日 10:05 */
export function timeText(ms: number): string {
  const d = new Date(ms);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fileSizeText(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}
