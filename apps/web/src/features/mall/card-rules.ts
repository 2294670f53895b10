import { canonicalCardCode, isPageName } from '@lawline/contract';
import type { CardRight, MemberCard } from '@lawline/contract/schemas';
import { paths } from '../../app/paths.ts';

/** 每年3次 · 7折 · 等待期90天 · 最高30万元: what a right gives, in words. */
export function rightTerms(
  right: Pick<CardRight, 'perYear' | 'pricePercent' | 'waitingDays' | 'capYuan'>,
): string {
  const parts: string[] = [];
  if (right.pricePercent !== null) {
    const discount = right.pricePercent / 10;
    parts.push(`${Number.isInteger(discount) ? discount : discount.toFixed(1)}折`);
  } else {
    parts.push(right.perYear === null ? '不限次' : `每年${right.perYear}次`);
  }
  if (right.capYuan !== null) {
    parts.push(right.capYuan >= 10_000 ? `最高${right.capYuan / 10_000}万元` : `最高${right.capYuan}元`);
  }
  if (right.waitingDays) parts.push(`等待期${right.waitingDays}天`);
  return parts.join(' · ');
}

/** 365天 → 1年, 90天 → 3个月, else days. */
export function validityText(days: number): string {
  if (days > 0 && days % 365 === 0) return `${days / 365}年`;
  if (days > 0 && days % 30 === 0) return `${days / 30}个月`;
  return `${days}天`;
}

/** The showcase page of a card (the server names it: ACard, BCard, TimeCard or SingleCard). */
export function cardPagePath(card: Pick<MemberCard, 'code' | 'page'>): string {
  if (card.page === 'ACard' || card.page === 'BCard') return paths.page(card.page);
  if (card.page === 'TimeCard') return paths.page('TimeCard', card.code);
  if (isPageName(card.page) && card.page !== 'SingleCard') return paths.page(card.page, card.code);
  return paths.singleCard(card.code);
}

/** The person's holding of a card (legacy codes count as the card they now mean), or null. */
export function heldCard<T extends { productCode: string; expireDate: string | null }>(
  entities: readonly T[],
  cardCode: string,
): T | null {
  const held = entities.filter((e) => canonicalCardCode(e.productCode) === cardCode);
  if (held.length === 0) return null;
  // The one that lasts longest.
  return held.reduce((a, b) => ((b.expireDate ?? '') > (a.expireDate ?? '') ? b : a));
}

/** 立即开通, or 立即续费 for a card the person already holds. */
export function buyCardButtonText(card: { onSale: boolean }, held: boolean): string {
  if (!card.onSale) return '暂未开售';
  return held ? '立即续费' : '立即开通';
}

/** 会员须知 (the notice a card purchase agrees to). */
export const MEMBER_NOTICE: readonly string[] = [
  '会员卡自支付成功之时起生效，有效期以页面展示为准，到期后权益自动失效。',
  '会员权益仅限本人使用，请使用购卡时登录的手机号享受会员服务。',
  '按年计次的权益每个会员年度重新计算，未使用的次数不累计到下一年度，不可折现。',
  '设有等待期的权益（如诉讼代理），自开卡之日起满等待期后方可使用。',
  '已持有同一张卡时再次购买即为续费，新的有效期以订单详情展示为准。',
  '如对会员权益有疑问，请联系客服。',
];
