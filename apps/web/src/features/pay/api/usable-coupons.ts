import type { UsableCoupon } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

export type UsableCouponInput = { orderId?: string | null; productCode: string };

export const usableCouponsKey = [...ME_QUERY_KEY, 'usableCoupons'] as const;

/** GET coupon/usable: the person's valid coupons for an order (or a product), each with its discount. */
export function fetchUsableCoupons(input: UsableCouponInput, client: ApiClient = api, signal?: AbortSignal) {
  const query = input.orderId ? { orderId: input.orderId } : { productCode: input.productCode };
  return client.get<UsableCoupon[]>('coupon/usable', query, { signal });
}

export const usableCouponsQuery = (input: UsableCouponInput) =>
  queryOptions({
    queryKey: [...usableCouponsKey, input.orderId ?? input.productCode],
    queryFn: ({ signal }) => fetchUsableCoupons(input, api, signal),
    staleTime: 0,
  });
