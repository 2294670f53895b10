import {
  ChargeUnitText,
  canonicalCardCode,
  fenToYuan,
  MemberRight,
  ProductCode,
  ProductOrderKind,
} from '@lawline/contract';
import type { ProductRate, ReconfirmedPrice } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { MembershipService } from '../users/membership.ts';
import { beijingDate } from '../users/membership.ts';

/** Services whose price a member right changes, and how (spec §9). */
const RightOfProduct: Readonly<Record<string, MemberRight>> = {
  [ProductCode.faceConsult]: MemberRight.faceDiscount,
  [ProductCode.docCheck]: MemberRight.docReview,
  [ProductCode.lawyerLetter]: MemberRight.lawyerLetter,
  [ProductCode.lawsuit]: MemberRight.lawsuitAgency,
};

/** What one person pays for a product code right now, before any coupon. */
export type ProductPrice = {
  kind: ProductOrderKind;
  productCode: string;
  productName: string;
  priceFen: number;
  memberDiscountFen: number;
  /** The right that priced it, and the card carrying it (counted rights record a use). */
  rightCode: string | null;
  rightCardId: number | null;
  rightRemaining: number | null;
  /** Percent of the price to pay: 100, 70 or 0. */
  rate: number;
  note: string;
};

export class PricingService {
  constructor(
    private readonly db: Db,
    private readonly membership: MembershipService,
    private readonly clock: () => number,
  ) {}

  /** A card or a service by product code, priced for this person (null = not logged in). */
  async price(userId: number | null, productCode: string): Promise<ProductPrice> {
    if (productCode.startsWith('MC')) return this.cardPrice(canonicalCardCode(productCode));
    if (productCode === ProductCode.phoneCall) {
      throw badRequest('电话咨询先咨询后付费：请通过“立即咨询”下单');
    }
    const product = await this.db
      .selectFrom('products')
      .select(['code', 'name', 'sale_price_fen', 'discount_price_fen'])
      .where('code', '=', productCode)
      .executeTakeFirst();
    if (!product) throw notFound('该服务不存在或已下架');
    const priceFen = product.discount_price_fen ?? product.sale_price_fen;
    const base: ProductPrice = {
      kind: ProductOrderKind.service,
      productCode: product.code,
      productName: product.name,
      priceFen,
      memberDiscountFen: 0,
      rightCode: null,
      rightCardId: null,
      rightRemaining: null,
      rate: 100,
      note: '',
    };
    const right = RightOfProduct[productCode];
    if (userId === null || !right) return base;
    return this.applyRight(userId, base, right);
  }

  private async cardPrice(code: string): Promise<ProductPrice> {
    const card = await this.db
      .selectFrom('member_cards')
      .select(['code', 'name', 'price_fen', 'on_sale'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (card?.on_sale !== 1) throw notFound('该会员卡不存在或已停售');
    return {
      kind: ProductOrderKind.card,
      productCode: card.code,
      productName: card.name,
      priceFen: card.price_fen,
      memberDiscountFen: 0,
      rightCode: null,
      rightCardId: null,
      rightRemaining: null,
      rate: 100,
      note: '',
    };
  }

  /** The best of the person's active cards for this right: a use left (free) or a discount. */
  private async applyRight(userId: number, base: ProductPrice, right: MemberRight): Promise<ProductPrice> {
    const cards = await this.membership.cardRights(userId, 'active');
    const today = beijingDate(this.clock());
    const waiting: string[] = [];
    for (const card of cards) {
      const r = card.rights.find((x) => x.rightCode === right);
      if (!r) continue;
      if (r.availableFrom && r.availableFrom > today) {
        waiting.push(r.availableFrom);
        continue;
      }
      if (r.pricePercent !== null) {
        const pay = Math.round((base.priceFen * r.pricePercent) / 100);
        return {
          ...base,
          memberDiscountFen: base.priceFen - pay,
          rightCode: right,
          rightCardId: card.id,
          rate: r.pricePercent,
          note: `${card.productName}会员${r.pricePercent / 10}折`,
        };
      }
      if (r.remaining === null || r.remaining > 0) {
        return {
          ...base,
          memberDiscountFen: base.priceFen,
          rightCode: right,
          rightCardId: card.id,
          rightRemaining: r.remaining,
          rate: 0,
          note: `${card.productName}会员权益：${r.rightName}${r.remaining === null ? '' : `（本年剩余${r.remaining}次）`}`,
        };
      }
    }
    const until = waiting.sort()[0];
    return until ? { ...base, note: `会员权益等待期至${until}` } : base;
  }

  /** order/productOrderRate. */
  async rate(userId: number, productCode: string): Promise<ProductRate> {
    const p = await this.price(userId, productCode);
    return {
      productCode: p.productCode,
      price: fenToYuan(p.priceFen),
      rate: p.rate,
      needPayAmount: fenToYuan(p.priceFen - p.memberDiscountFen),
      rightCode: p.rightCode,
      rightRemaining: p.rightRemaining,
      note: p.note,
    };
  }

  /** order/reconfirmProductPrice: the phone price per unit for this person (members: 0). */
  async reconfirm(
    userId: number,
    productCode: string,
    channel: { payType: '1' | '2'; price: number },
  ): Promise<ReconfirmedPrice> {
    if (productCode === ProductCode.phoneCall) {
      const memberFree = await this.hasPhoneRight(userId);
      return {
        productCode,
        needPayAmount: memberFree ? 0 : channel.price,
        unitText: ChargeUnitText[channel.payType],
        memberFree,
      };
    }
    const p = await this.price(userId, productCode);
    return {
      productCode: p.productCode,
      needPayAmount: fenToYuan(p.priceFen - p.memberDiscountFen),
      unitText: '元',
      memberFree: p.rate === 0,
    };
  }

  private async hasPhoneRight(userId: number): Promise<boolean> {
    const cards = await this.membership.cardRights(userId, 'active');
    return cards.some((c) => c.rights.some((r) => r.rightCode === MemberRight.phoneUnlimited));
  }
}
