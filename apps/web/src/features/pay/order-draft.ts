import { useMemo } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { type KeyValueStorage, memoryStorage } from '../../lib/storage.ts';
import type { ChosenCoupon } from './pay-rules.ts';

/**
 * The order draft of spec §3 (client state) as far as paying needs it: what the payment sheet is
 * for, the coupon chosen on ChooseCoupon (couponId, couponName, couponValue), the order a tap
 * created (so a second tap or a reload pays it instead of creating another), and the route whose
 * sheet was open (reopened on the way back from ChooseCoupon, WeChat authorisation or a reload).
 * Kept in sessionStorage: a reload loses nothing, a new tab starts clean.
 */

export type PayScope = { productCode: string; orderId: string | null };

export type PayDraft = {
  productCode: string | null;
  orderId: string | null;
  couponId: number | null;
  couponName: string | null;
  couponValue: number | null;
  /** An unpaid order this draft created for a product code. */
  created: { productCode: string; orderId: string } | null;
  /** The route (path + query) whose payment sheet is open; null when closed. */
  sheetRoute: string | null;
};

export interface PayDraftState extends PayDraft {
  /** Start (or continue) paying for `scope`: the coupon is kept only for the same product and order. */
  begin(scope: PayScope): void;
  /** The coupon picked on ChooseCoupon, or null for 不使用优惠券. */
  chooseCoupon(scope: PayScope, coupon: ChosenCoupon | null): void;
  rememberCreated(productCode: string, orderId: string): void;
  openSheet(route: string): void;
  closeSheet(): void;
  /** Paid (or nothing left to pay): forget everything. */
  finish(): void;
}

export const PAY_DRAFT_KEY = 'll.payDraft';

export const emptyPayDraft: PayDraft = {
  productCode: null,
  orderId: null,
  couponId: null,
  couponName: null,
  couponValue: null,
  created: null,
  sheetRoute: null,
};

const text = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** A stored draft, or the empty one for anything unreadable. */
export function parsePayDraft(raw: string | null): PayDraft {
  if (!raw) return { ...emptyPayDraft };
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof PayDraft, unknown>>;
    const created = v.created as { productCode?: unknown; orderId?: unknown } | null | undefined;
    const couponId = int(v.couponId);
    return {
      productCode: text(v.productCode, 16),
      orderId: text(v.orderId, 24),
      couponId,
      couponName: couponId === null ? null : text(v.couponName, 64),
      couponValue:
        couponId !== null && typeof v.couponValue === 'number' && v.couponValue >= 0 ? v.couponValue : null,
      created:
        created && text(created.productCode, 16) && text(created.orderId, 24)
          ? { productCode: created.productCode as string, orderId: created.orderId as string }
          : null,
      sheetRoute: text(v.sheetRoute, 300),
    };
  } catch {
    return { ...emptyPayDraft };
  }
}

function sameScope(draft: PayDraft, scope: PayScope): boolean {
  return draft.productCode === scope.productCode && draft.orderId === (scope.orderId ?? null);
}

/** The draft's coupon when it belongs to `scope`, else null. */
export function draftCoupon(draft: PayDraft, scope: PayScope): ChosenCoupon | null {
  if (!sameScope(draft, scope) || draft.couponId === null) return null;
  return { id: draft.couponId, name: draft.couponName ?? '优惠券', value: draft.couponValue ?? 0 };
}

/** The order created earlier for this product code, if any. */
export function createdOrderFor(draft: PayDraft, productCode: string): string | null {
  return draft.created?.productCode === productCode ? draft.created.orderId : null;
}

export function sessionStore(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) {
      storage.setItem('__ll_probe__', '1');
      storage.removeItem('__ll_probe__');
      return storage;
    }
  } catch {
    // private modes may refuse storage: keep the draft in memory
  }
  return memoryStorage();
}

export function createPayDraftStore(storage: KeyValueStorage = sessionStore()) {
  const store = create<PayDraftState>()((set, get) => {
    const save = (patch: Partial<PayDraft>) => {
      set(patch);
      const { productCode, orderId, couponId, couponName, couponValue, created, sheetRoute }: PayDraft =
        get();
      try {
        storage.setItem(
          PAY_DRAFT_KEY,
          JSON.stringify({ productCode, orderId, couponId, couponName, couponValue, created, sheetRoute }),
        );
      } catch {
        // full or refused: the draft still lives in memory
      }
    };
    const forScope = (scope: PayScope): Partial<PayDraft> =>
      sameScope(get(), scope)
        ? {}
        : {
            productCode: scope.productCode,
            orderId: scope.orderId ?? null,
            couponId: null,
            couponName: null,
            couponValue: null,
          };
    return {
      ...parsePayDraft(storage.getItem(PAY_DRAFT_KEY)),
      begin: (scope) => {
        const patch = forScope(scope);
        if (Object.keys(patch).length > 0) save(patch);
      },
      chooseCoupon: (scope, coupon) =>
        save({
          ...forScope(scope),
          couponId: coupon?.id ?? null,
          couponName: coupon?.name ?? null,
          couponValue: coupon?.value ?? null,
        }),
      rememberCreated: (productCode, orderId) => save({ created: { productCode, orderId } }),
      openSheet: (route) => save({ sheetRoute: route }),
      closeSheet: () => {
        if (get().sheetRoute !== null) save({ sheetRoute: null });
      },
      finish: () => save({ ...emptyPayDraft }),
    };
  });
  return store;
}

export const usePayDraft = createPayDraftStore();

/** The draft's coupon for `scope`, as a stable value (a selector must not build a new object per call). */
export function useDraftCoupon(scope: PayScope): ChosenCoupon | null {
  const [productCode, orderId, couponId, couponName, couponValue] = usePayDraft(
    useShallow((s) => [s.productCode, s.orderId, s.couponId, s.couponName, s.couponValue] as const),
  );
  const scopeCode = scope.productCode;
  const scopeOrder = scope.orderId ?? null;
  return useMemo(
    () =>
      draftCoupon(
        { ...emptyPayDraft, productCode, orderId, couponId, couponName, couponValue },
        { productCode: scopeCode, orderId: scopeOrder },
      ),
    [productCode, orderId, couponId, couponName, couponValue, scopeCode, scopeOrder],
  );
}
