import { canonicalCardCode } from '@lawline/contract';
import type {
  ChannelProduct,
  MemberCard,
  MemberCardDetail,
  MemberCardKind,
  PageResult,
  ProductCard,
} from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import { notFound } from '../../http/errors.ts';
import {
  CARD_SERVICE_TYPE,
  type ChannelItemRef,
  cardsByCode,
  findCard,
  findChannelItem,
  listCardsOnSale,
  type ProductItem,
  pageCardsOnSale,
  pageChannelItems,
  pageProducts,
  productsByCode,
} from './repo.ts';

type Paging = { page: number; limit: number };

/** '元/年' for a year card, '元/月', '元/季', '元/半年', else '元/N天'. */
function cardUnit(days: number): string {
  const names: Record<number, string> = { 30: '月', 90: '季', 180: '半年', 365: '年' };
  return `元/${names[days] ?? `${days}天`}`;
}

/**
 * A member card in the mall's product-card shape: salePrice is the list price, discountPrice what
 * is paid when lower, and the target opens the card's showcase page.
 */
export function cardAsProduct(card: MemberCard): ProductCard {
  const discounted = card.price < card.originalPrice;
  const saved = Math.round((card.originalPrice - card.price) * 100) / 100;
  return {
    productCode: card.code,
    productName: card.name,
    productIntro: card.intro,
    cardImg: card.img,
    cardTargetUrl: `go_${card.page}/${card.code}`,
    salePrice: card.originalPrice,
    discountPrice: discounted ? card.price : null,
    discountIntro: discounted ? `限时特惠，立省${saved}元` : '',
    itemType: 'card',
    unit: cardUnit(card.validityDays),
  };
}

function asCard(product: ProductItem): ProductCard {
  const { serviceType: _serviceType, ...card } = product;
  return card;
}

/** Service mall: channel product lists, all products, the card shop and member-card showcases. */
export class ProductService {
  constructor(private readonly db: Db) {}

  /** channel/getChnRecommendProducts: what the channel recommends. */
  recommended(channelKey: string, paging: Paging): Promise<PageResult<ProductCard>> {
    return this.channelItems(channelKey, true, paging);
  }

  /** channel/pageChnProduct: everything the channel sells. */
  channelPage(channelKey: string, paging: Paging): Promise<PageResult<ProductCard>> {
    return this.channelItems(channelKey, false, paging);
  }

  /** channel/getChnProduct: one item the channel sells (legacy card codes mean today's card). */
  async channelProduct(channelKey: string, productCode: string): Promise<ChannelProduct> {
    const code = canonicalCardCode(productCode);
    const ref = await findChannelItem(this.db, channelKey, code);
    if (!ref) throw notFound(`当前渠道没有产品「${productCode}」`);
    if (ref.itemType === 'card') {
      const card = await findCard(this.db, code);
      if (!card) throw notFound(`产品「${productCode}」已下架`);
      return {
        ...cardAsProduct(card),
        recommended: ref.recommended,
        serviceType: CARD_SERVICE_TYPE,
        memberCard: card,
      };
    }
    const product = (await productsByCode(this.db, [code])).get(code);
    if (!product) throw notFound(`产品「${productCode}」已下架`);
    return { ...product, recommended: ref.recommended, memberCard: null };
  }

  /** product/list: every service product, in the operators' order. */
  async products(paging: Paging): Promise<PageResult<ProductCard>> {
    const { list, total } = await pageProducts(this.db, paging.page, paging.limit);
    return toPage(list.map(asCard), total, paging.page, paging.limit);
  }

  /** sys/shop/list: the member cards on sale, as product cards. */
  async shop(paging: Paging): Promise<PageResult<ProductCard>> {
    const { list, total } = await pageCardsOnSale(this.db, paging.page, paging.limit);
    return toPage(list.map(cardAsProduct), total, paging.page, paging.limit);
  }

  /** memberCard/list */
  cards(kind: MemberCardKind | undefined): Promise<MemberCard[]> {
    return listCardsOnSale(this.db, kind);
  }

  /** memberCard/detail: a legacy code (MC19003…) answers the card it now means. */
  async card(code: string): Promise<MemberCardDetail> {
    const canonical = canonicalCardCode(code);
    const card = await findCard(this.db, canonical);
    if (!card) throw notFound(`会员卡「${code}」不存在`);
    return { ...card, requestedCode: canonical !== code ? code : null };
  }

  private async channelItems(
    channelKey: string,
    recommendedOnly: boolean,
    paging: Paging,
  ): Promise<PageResult<ProductCard>> {
    const { refs, total } = await pageChannelItems(
      this.db,
      channelKey,
      recommendedOnly,
      paging.page,
      paging.limit,
    );
    const list = await this.resolve(refs);
    return toPage(list, total, paging.page, paging.limit);
  }

  /** Channel items → product cards, in order; an item whose product or card is gone is skipped. */
  private async resolve(refs: ChannelItemRef[]): Promise<ProductCard[]> {
    const codes = (type: ChannelItemRef['itemType']) =>
      refs.filter((r) => r.itemType === type).map((r) => r.itemCode);
    const [products, cards] = await Promise.all([
      productsByCode(this.db, codes('product')),
      cardsByCode(this.db, codes('card')),
    ]);
    return refs.flatMap((ref) => {
      if (ref.itemType === 'card') {
        const card = cards.get(ref.itemCode);
        return card ? [cardAsProduct(card)] : [];
      }
      const product = products.get(ref.itemCode);
      return product ? [asCard(product)] : [];
    });
  }
}
