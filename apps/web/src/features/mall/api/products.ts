import type { ChannelProduct, PageResult, ProductCard } from '@lawline/contract/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { pagedQueryDefaults } from '../../../api/paging.ts';

/** The product lists of the mall (spec §7), each paged the same way. */
export const productSources = {
  recommend: 'channel/getChnRecommendProducts',
  channel: 'channel/pageChnProduct',
  services: 'product/list',
  shop: 'sys/shop/list',
} as const;
export type ProductSource = keyof typeof productSources;

export function useProductPage(source: ProductSource) {
  return useInfiniteQuery({
    queryKey: ['mall', source],
    queryFn: ({ pageParam, signal }) =>
      api.get<PageResult<ProductCard>>(productSources[source], { page: pageParam, limit: 10 }, { signal }),
    ...pagedQueryDefaults,
  });
}

/** channel/getChnProduct?productCode: one product (and its member card when it is one). */
export function useChannelProduct(productCode: string | null) {
  return useQuery({
    queryKey: ['mall', 'product', productCode],
    queryFn: ({ signal }) =>
      api.get<ChannelProduct>('channel/getChnProduct', { productCode: productCode ?? undefined }, { signal }),
    enabled: productCode !== null,
  });
}
