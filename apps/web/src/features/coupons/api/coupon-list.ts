import type { UserCoupon, UserCouponStatus } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';

export const couponListKey = [...ME_QUERY_KEY, 'coupons'] as const;

/** GET coupon/list?status=: the person's coupons that are valid, used or expired. */
export function fetchCouponList(status: UserCouponStatus, client: ApiClient = api, signal?: AbortSignal) {
  return client.get<UserCoupon[]>('coupon/list', { status }, { signal });
}

export const couponListQuery = (status: UserCouponStatus) =>
  queryOptions({
    queryKey: [...couponListKey, status],
    queryFn: ({ signal }) => fetchCouponList(status, api, signal),
    staleTime: 0,
  });
