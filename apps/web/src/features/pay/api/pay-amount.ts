import type { PayAmount } from '@lawline/contract/schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

export type PayAmountInput = {
  orderId?: string | null;
  productCode?: string | null;
  couponId?: number | null;
};

export const payAmountKey = [...ME_QUERY_KEY, 'payAmount'] as const;

/**
 * POST order/calculatePayAmount: an existing order, or a product about to be ordered, with the
 * chosen coupon. The sheet shows this figure (needPayAmount), never one of its own.
 */
export function calculatePayAmount(input: PayAmountInput, client: ApiClient = api, signal?: AbortSignal) {
  const body: Record<string, unknown> = {};
  if (input.orderId) body.orderId = input.orderId;
  else if (input.productCode) body.productCode = input.productCode;
  if (input.couponId) body.couponId = input.couponId;
  return client.post<PayAmount>('order/calculatePayAmount', body, { signal });
}

export const payAmountQuery = (input: PayAmountInput) =>
  queryOptions({
    queryKey: [...payAmountKey, input.orderId ?? input.productCode ?? '', input.couponId ?? 0],
    queryFn: ({ signal }) => calculatePayAmount(input, api, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
