import type { OrderListItem, OrderStatusCount, PageResult } from '@lawline/contract/schemas';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import type { OrderTabKey } from '../phone-rules.ts';

export const ORDER_PAGE_SIZE = 10;
export const orderListKey = [...ME_QUERY_KEY, 'orders'] as const;

/** GET order/list-new: one tab (ongoing, unpaid, finished, cancelled), page by page. */
export const orderListQuery = (tab: OrderTabKey) =>
  infiniteQueryOptions({
    queryKey: [...orderListKey, 'list', tab],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<OrderListItem>>(
        'order/list-new',
        { tab, page: pageParam, limit: ORDER_PAGE_SIZE },
        { signal, ignoreError: true },
      ),
    ...pagedQueryDefaults,
    staleTime: 0,
  });

/** GET order/orderStatusCount: how many orders each tab holds (shown on the tab titles). */
export const orderCountQuery = () =>
  queryOptions({
    queryKey: [...orderListKey, 'count'],
    queryFn: ({ signal }) =>
      api.get<OrderStatusCount>('order/orderStatusCount', {}, { signal, ignoreError: true }),
    staleTime: 0,
  });
