import { canonicalCardCode, MemberRightName } from '@lawline/contract';
import type { MemberCardRights, MemberEntity, MemberRightItem } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import type { UserCardTable } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Quotas count per card year: 365 days from the card's start. */
const CARD_YEAR_MS = 365 * DAY_MS;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** YYYY-MM-DD in Beijing time. */
export function beijingDate(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

type CardRow = Pick<UserCardTable, 'card_code' | 'starts_at' | 'expires_at' | 'ended_at'> & { id: number };

/** The moment a card stopped (or will stop) being active. */
function endOf(card: CardRow): number {
  return card.ended_at === null ? card.expires_at : Math.min(card.ended_at, card.expires_at);
}

/**
 * Member cards held by users (user_cards; payments insert the rows). A card is active while
 * starts_at <= now < expires_at and it was not ended early. Legacy codes are read as the card they
 * now mean (contract canonicalCardCode).
 */
export class MembershipService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  private async cards(userId: number, which: 'active' | 'expired'): Promise<CardRow[]> {
    const now = this.clock();
    let query = this.db
      .selectFrom('user_cards')
      .select(['id', 'card_code', 'starts_at', 'expires_at', 'ended_at'])
      .where('user_id', '=', userId);
    query =
      which === 'active'
        ? query.where('starts_at', '<=', now).where('expires_at', '>', now).where('ended_at', 'is', null)
        : query.where((eb) => eb.or([eb('expires_at', '<=', now), eb('ended_at', 'is not', null)]));
    return query.orderBy('expires_at', 'desc').orderBy('id', 'desc').limit(50).execute();
  }

  private async cardNames(codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('member_cards')
      .select(['code', 'name'])
      .where('code', 'in', [...new Set(codes)])
      .execute();
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  async activeCardCount(userId: number): Promise<number> {
    return (await this.cards(userId, 'active')).length;
  }

  /** isMember and memberEntityList of the user info: one entry per card type, the latest expiry. */
  async entities(userId: number): Promise<{ isMember: boolean; memberEntityList: MemberEntity[] }> {
    const cards = await this.cards(userId, 'active');
    const latest = new Map<string, number>();
    for (const card of cards) {
      const code = canonicalCardCode(card.card_code);
      latest.set(code, Math.max(latest.get(code) ?? 0, card.expires_at));
    }
    const names = await this.cardNames([...latest.keys()]);
    const memberEntityList = [...latest.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([productCode, expiresAt]) => ({
        productCode,
        productName: names.get(productCode) ?? productCode,
        expireDate: beijingDate(expiresAt - 1),
      }));
    return { isMember: memberEntityList.length > 0, memberEntityList };
  }

  /** Per card: its rights with per-year quotas and what was used in the current card year. */
  async cardRights(userId: number, which: 'active' | 'expired'): Promise<MemberCardRights[]> {
    const cards = await this.cards(userId, which);
    if (cards.length === 0) return [];
    const codes = cards.map((c) => canonicalCardCode(c.card_code));
    const names = await this.cardNames(codes);
    const rules = await this.db
      .selectFrom('member_card_rights')
      .selectAll()
      .where('card_code', 'in', [...new Set(codes)])
      .orderBy('id')
      .execute();
    const now = this.clock();
    const result: MemberCardRights[] = [];
    for (const card of cards) {
      const code = canonicalCardCode(card.card_code);
      // The card year the quota counts in: the current one, or the last one of an ended card.
      const at = Math.min(now, endOf(card) - 1);
      const yearStart =
        card.starts_at + Math.max(0, Math.floor((at - card.starts_at) / CARD_YEAR_MS)) * CARD_YEAR_MS;
      const usage = await this.db
        .selectFrom('user_right_usage')
        .select(['right_code'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_card_id', '=', card.id)
        .where('used_at', '>=', yearStart)
        .groupBy('right_code')
        .execute();
      const used = new Map(usage.map((u) => [u.right_code, Number(u.n)]));
      const rights: MemberRightItem[] = rules
        .filter((r) => r.card_code === code)
        .map((r) => {
          const n = used.get(r.right_code) ?? 0;
          return {
            rightCode: r.right_code,
            rightName: MemberRightName[r.right_code as keyof typeof MemberRightName] ?? r.right_code,
            perYear: r.per_year,
            used: n,
            remaining: r.per_year === null ? null : Math.max(0, r.per_year - n),
            pricePercent: r.price_percent,
            availableFrom: r.waiting_days ? beijingDate(card.starts_at + r.waiting_days * DAY_MS) : null,
            capYuan: r.cap_fen === null ? null : r.cap_fen / 100,
            note: r.note,
          };
        });
      result.push({
        id: card.id,
        productCode: code,
        productName: names.get(code) ?? code,
        startDate: beijingDate(card.starts_at),
        expireDate: beijingDate(endOf(card) - 1),
        rights,
      });
    }
    return result;
  }

  /** One entry per right over the active cards: quotas added up, discounts the best one. */
  async rightSummary(userId: number) {
    const cards = await this.cardRights(userId, 'active');
    const byRight = new Map<
      string,
      {
        rightCode: string;
        rightName: string;
        perYear: number | null;
        used: number;
        remaining: number | null;
        pricePercent: number | null;
        productCodes: string[];
        expireDate: string;
      }
    >();
    for (const card of cards) {
      for (const r of card.rights) {
        const entry = byRight.get(r.rightCode);
        if (!entry) {
          byRight.set(r.rightCode, {
            rightCode: r.rightCode,
            rightName: r.rightName,
            perYear: r.perYear,
            used: r.used,
            remaining: r.remaining,
            pricePercent: r.pricePercent,
            productCodes: [card.productCode],
            expireDate: card.expireDate,
          });
          continue;
        }
        entry.perYear = entry.perYear === null || r.perYear === null ? null : entry.perYear + r.perYear;
        entry.used += r.used;
        entry.remaining =
          entry.remaining === null || r.remaining === null ? null : entry.remaining + r.remaining;
        if (r.pricePercent !== null) {
          entry.pricePercent =
            entry.pricePercent === null ? r.pricePercent : Math.min(entry.pricePercent, r.pricePercent);
        }
        if (!entry.productCodes.includes(card.productCode)) entry.productCodes.push(card.productCode);
        if (card.expireDate > entry.expireDate) entry.expireDate = card.expireDate;
      }
    }
    return { isMember: cards.length > 0, rights: [...byRight.values()] };
  }
}
