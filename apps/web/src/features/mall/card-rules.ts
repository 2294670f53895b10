import { isPageName } from '@lawline/contract';
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
