import {
  consultFieldName,
  fenToYuan,
  type MemberRight,
  MemberRightName,
  ServiceType,
} from '@lawline/contract';
import type { CardRight, MemberCard, MemberCardKind, ProductCard } from '@lawline/contract/schemas';
import { MemberCardKinds } from '@lawline/contract/schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import type { MemberCardRightTable, MemberCardTable, ProductTable } from '../../db/schema.ts';

/** A service product as the mall shows it, with its service type. */
export type ProductItem = ProductCard & { serviceType: number };

export type ChannelItemRef = { itemType: 'product' | 'card'; itemCode: string; recommended: boolean };

function toProduct(row: Selectable<ProductTable>): ProductItem {
  return {
    productCode: row.code,
    productName: row.name,
    productIntro: row.intro,
    cardImg: row.img,
    cardTargetUrl: row.target_url,
    salePrice: fenToYuan(row.sale_price_fen),
    discountPrice: row.discount_price_fen === null ? null : fenToYuan(row.discount_price_fen),
    discountIntro: row.discount_intro,
    itemType: 'product',
    unit: row.unit,
    serviceType: row.service_type,
  };
}

const cardPages: Record<MemberCardKind, string> = {
  gold: 'ACard',
  platinum: 'BCard',
  time: 'TimeCard',
  theme: 'SingleCard',
  club: 'SingleCard',
};

function cardKind(kind: string): MemberCardKind {
  return (MemberCardKinds as readonly string[]).includes(kind) ? (kind as MemberCardKind) : 'theme';
}

function rightName(code: string): string {
  return Object.hasOwn(MemberRightName, code) ? MemberRightName[code as MemberRight] : code;
}

function toRight(row: Selectable<MemberCardRightTable>): CardRight {
  return {
    rightCode: row.right_code,
    rightName: rightName(row.right_code),
    perYear: row.per_year,
    pricePercent: row.price_percent,
    waitingDays: row.waiting_days,
    capYuan: row.cap_fen === null ? null : fenToYuan(Number(row.cap_fen)),
    note: row.note,
  };
}

function toCard(row: Selectable<MemberCardTable>, rights: CardRight[]): MemberCard {
  const kind = cardKind(row.kind);
  return {
    code: row.code,
    name: row.name,
    kind,
    productType: row.product_type,
    price: fenToYuan(row.price_fen),
    originalPrice: fenToYuan(row.original_price_fen),
    validityDays: row.validity_days,
    themeField: row.theme_field,
    themeFieldName: row.theme_field === null ? null : (consultFieldName(row.theme_field) ?? null),
    img: row.img,
    intro: row.intro,
    onSale: row.on_sale === 1,
    page: cardPages[kind],
    rights,
  };
}

async function withRights(db: Db, rows: Selectable<MemberCardTable>[]): Promise<MemberCard[]> {
  if (rows.length === 0) return [];
  const rightRows = await db
    .selectFrom('member_card_rights')
    .selectAll()
    .where(
      'card_code',
      'in',
      rows.map((r) => r.code),
    )
    .orderBy('id')
    .execute();
  const byCard = new Map<string, CardRight[]>();
  for (const right of rightRows) {
    const list = byCard.get(right.card_code) ?? [];
    list.push(toRight(right));
    byCard.set(right.card_code, list);
  }
  return rows.map((row) => toCard(row, byCard.get(row.code) ?? []));
}

export async function pageProducts(
  db: Db,
  page: number,
  limit: number,
): Promise<{ list: ProductItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('products')
      .selectAll()
      .orderBy('sort')
      .orderBy('code')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toProduct), total: Number(count.n) };
}

export async function productsByCode(db: Db, codes: string[]): Promise<Map<string, ProductItem>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('products').selectAll().where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, toProduct(row)]));
}

export async function cardsByCode(db: Db, codes: string[]): Promise<Map<string, MemberCard>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('member_cards').selectAll().where('code', 'in', codes).execute();
  const cards = await withRights(db, rows);
  return new Map(cards.map((card) => [card.code, card]));
}

/** Cards on sale in showcase order, optionally of one kind. */
export async function listCardsOnSale(db: Db, kind: MemberCardKind | undefined): Promise<MemberCard[]> {
  let query = db.selectFrom('member_cards').selectAll().where('on_sale', '=', 1);
  if (kind) query = query.where('kind', '=', kind);
  return withRights(db, await query.orderBy('sort').orderBy('code').execute());
}

export async function pageCardsOnSale(
  db: Db,
  page: number,
  limit: number,
): Promise<{ list: MemberCard[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('member_cards')
      .selectAll()
      .where('on_sale', '=', 1)
      .orderBy('sort')
      .orderBy('code')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    db
      .selectFrom('member_cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('on_sale', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: await withRights(db, rows), total: Number(count.n) };
}

export async function findCard(db: Db, code: string): Promise<MemberCard | null> {
  return (await cardsByCode(db, [code])).get(code) ?? null;
}

function toRef(row: { item_type: string; item_code: string; recommended: number }): ChannelItemRef {
  return {
    itemType: row.item_type === 'card' ? 'card' : 'product',
    itemCode: row.item_code,
    recommended: row.recommended === 1,
  };
}

/** What a channel sells (or only what it recommends), in the channel's order. */
export async function pageChannelItems(
  db: Db,
  channelKey: string,
  recommendedOnly: boolean,
  page: number,
  limit: number,
): Promise<{ refs: ChannelItemRef[]; total: number }> {
  let base = db.selectFrom('channel_products').where('channel_key', '=', channelKey);
  if (recommendedOnly) base = base.where('recommended', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .select(['item_type', 'item_code', 'recommended'])
      .orderBy('sort')
      .orderBy('id')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { refs: rows.map(toRef), total: Number(count.n) };
}

export async function findChannelItem(
  db: Db,
  channelKey: string,
  code: string,
): Promise<ChannelItemRef | null> {
  const row = await db
    .selectFrom('channel_products')
    .select(['item_type', 'item_code', 'recommended'])
    .where('channel_key', '=', channelKey)
    .where('item_code', '=', code)
    .executeTakeFirst();
  return row ? toRef(row) : null;
}

export const CARD_SERVICE_TYPE = ServiceType.card;
