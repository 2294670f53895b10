import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type PayScope, usePayDraft } from '../order-draft.ts';

export type PaySheetControl = { visible: boolean; open: () => void; close: () => void };

/**
 * Whether this page's payment sheet is open. The open state lives in the order draft (route +
 * product + order), so the sheet is open again after ChooseCoupon, the WeChat authorisation round
 * trip or a reload of this page.
 */
export function usePaySheet(scope: PayScope | null): PaySheetControl {
  const location = useLocation();
  const route = location.pathname + location.search;
  const productCode = scope?.productCode ?? null;
  const orderId = scope?.orderId ?? null;
  const visible = usePayDraft(
    (s) =>
      productCode !== null &&
      s.sheetRoute === route &&
      s.productCode === productCode &&
      s.orderId === orderId,
  );
  const open = useCallback(() => {
    if (productCode === null) return;
    const draft = usePayDraft.getState();
    draft.begin({ productCode, orderId });
    draft.openSheet(route);
  }, [productCode, orderId, route]);
  const close = useCallback(() => usePayDraft.getState().closeSheet(), []);
  return { visible, open, close };
}
