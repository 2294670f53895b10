import { MemberRightName, ProductCode, parseLinkTarget } from '@lawline/contract';
import {
  ChannelProductSchema,
  MemberCardDetailSchema,
  MemberCardSchema,
  PosterInfoSchema,
  ProductPageSchema,
  VideoDetailSchema,
  VideoPageSchema,
} from '@lawline/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { body, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CHANNELS = ['gzh', 'czh', 'zxyh', 'paky', 'yjjd'] as const;

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/${url}` });
  return { status: res.statusCode, ...body<unknown>(res) };
}

async function getOk<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S>> {
  const res = await get(url);
  expect(res.status, `${url}: ${res.msg}`).toBe(200);
  expect(res.code).toBe(0);
  return schema.parse(res.data);
}

function channelRows(channel: string, recommendedOnly = false) {
  let query = t.db.db.selectFrom('channel_products').selectAll().where('channel_key', '=', channel);
  if (recommendedOnly) query = query.where('recommended', '=', 1);
  return query.orderBy('sort').orderBy('id').execute();
}

/** Every page of a product list, checking the paging fields. */
async function walkProducts(url: string, limit: number) {
  const codes: string[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const data = await getOk(`${url}${sep}page=${page}&limit=${limit}`, ProductPageSchema);
    if (total < 0) total = data.total;
    expect(data.total).toBe(total);
    expect(data.hasMore).toBe(page * limit < total);
    codes.push(...data.list.map((p) => p.productCode));
    if (!data.hasMore) break;
  }
  expect(codes).toHaveLength(total);
  return codes;
}

describe('channel product lists', () => {
  it.each(CHANNELS)('%s: pageChnProduct lists what the channel sells, in its order', async (channel) => {
    const rows = await channelRows(channel);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const codes = await walkProducts(`channel/pageChnProduct?channel=${channel}`, 3);
    expect(codes).toEqual(rows.map((r) => r.item_code));
    const p1 = await getOk(`channel/pageChnProduct?channel=${channel}&limit=3`, ProductPageSchema);
    const p2 = await getOk(`channel/pageChnProduct?channel=${channel}&limit=3&page=2`, ProductPageSchema);
    expect(p2.list.map((p) => p.productCode)).not.toEqual(p1.list.map((p) => p.productCode));
  });

  it.each(CHANNELS)('%s: getChnRecommendProducts lists only what it recommends', async (channel) => {
    const rows = await channelRows(channel, true);
    expect(rows.length).toBeGreaterThan(0);
    const codes = await walkProducts(`channel/getChnRecommendProducts?channel=${channel}`, 2);
    expect(codes).toEqual(rows.map((r) => r.item_code));
  });

  it('channels sell different things', async () => {
    const lists = await Promise.all(
      CHANNELS.map(async (c) => (await channelRows(c)).map((r) => r.item_code).join(',')),
    );
    expect(new Set(lists).size).toBe(CHANNELS.length);
  });

  it('product cards carry yuan prices and a link target the app understands', async () => {
    const data = await getOk('channel/pageChnProduct?channel=gzh&limit=50', ProductPageSchema);
    const phone = data.list.find((p) => p.productCode === ProductCode.phoneCall);
    expect(phone).toMatchObject({ salePrice: 6, discountPrice: null, itemType: 'product', unit: '元/分钟' });
    const gold = data.list.find((p) => p.productCode === 'MC19001');
    expect(gold).toMatchObject({ itemType: 'card', salePrice: 599, discountPrice: 299, unit: '元/年' });
    for (const p of data.list) expect(parseLinkTarget(p.cardTargetUrl).kind).toBe('route');
  });

  it('getChnProduct answers a product or a card of the channel', async () => {
    const product = await getOk(
      `channel/getChnProduct?productCode=${ProductCode.docCheck}`,
      ChannelProductSchema,
    );
    expect(product).toMatchObject({
      productCode: 'SC18001',
      salePrice: 199,
      discountPrice: 149,
      serviceType: 4,
      memberCard: null,
    });
    const card = await getOk('channel/getChnProduct?productCode=MC19002', ChannelProductSchema);
    expect(card.memberCard?.kind).toBe('platinum');
    expect(card.recommended).toBe(true);
    // A legacy card code means today's card.
    const legacy = await getOk('channel/getChnProduct?productCode=MC19004', ChannelProductSchema);
    expect(legacy.productCode).toBe('MC19001');
  });

  it('getChnProduct: not sold in this channel → 404; bad code → 400', async () => {
    const notSold = await get(`channel/getChnProduct?channel=czh&productCode=${ProductCode.lawsuit}`);
    expect(notSold.status).toBe(404);
    expect(notSold.msg).toContain(ProductCode.lawsuit);
    expect((await get('channel/getChnProduct?productCode=SC99999')).status).toBe(404);
    const bad = await get('channel/getChnProduct?productCode=abc');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('产品编码格式不正确');
    expect((await get('channel/getChnProduct')).status).toBe(400);
  });

  it('bad paging is refused', async () => {
    for (const q of ['page=0', 'limit=500', 'limit=0', 'page=a', 'extra=1']) {
      const res = await get(`channel/getChnRecommendProducts?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.msg).not.toBe('');
    }
  });
});

describe('product/list and sys/shop/list', () => {
  it('product/list pages every service product in order', async () => {
    const rows = await t.db.db.selectFrom('products').selectAll().orderBy('sort').execute();
    const codes = await walkProducts('product/list', 3);
    expect(codes).toEqual(rows.map((r) => r.code));
    const all = await getOk('product/list?limit=50', ProductPageSchema);
    const letter = all.list.find((p) => p.productCode === ProductCode.lawyerLetter);
    expect(letter).toMatchObject({ salePrice: 399, discountPrice: 299, discountIntro: '限时特惠' });
  });

  it('sys/shop/list pages the member cards on sale as product cards', async () => {
    await t.db.db.updateTable('member_cards').set({ on_sale: 0 }).where('code', '=', 'MC20009').execute();
    const onSale = await t.db.db
      .selectFrom('member_cards')
      .select('code')
      .where('on_sale', '=', 1)
      .orderBy('sort')
      .execute();
    const codes = await walkProducts('sys/shop/list', 4);
    expect(codes).toEqual(onSale.map((c) => c.code));
    expect(codes).not.toContain('MC20009');
    const first = await getOk('sys/shop/list?limit=1', ProductPageSchema);
    expect(first.list[0]).toMatchObject({ itemType: 'card', cardTargetUrl: 'go_ACard/MC19001' });
    await t.db.db.updateTable('member_cards').set({ on_sale: 1 }).where('code', '=', 'MC20009').execute();
  });
});

describe('member cards', () => {
  it('memberCard/list shows the cards on sale with named rights', async () => {
    const cards = await getOk('memberCard/list', z.array(MemberCardSchema));
    const count = await t.db.db.selectFrom('member_cards').select('code').where('on_sale', '=', 1).execute();
    expect(cards).toHaveLength(count.length);
    for (const card of cards) {
      expect(card.rights.length).toBeGreaterThanOrEqual(3);
      for (const right of card.rights) {
        expect(right.rightName).toBe(MemberRightName[right.rightCode as keyof typeof MemberRightName]);
      }
    }
    const platinum = cards.find((c) => c.code === 'MC19002');
    expect(platinum?.page).toBe('BCard');
    const lawsuit = platinum?.rights.find((r) => r.rightCode === 'lawsuitAgency');
    expect(lawsuit).toMatchObject({ perYear: 1, waitingDays: 90, capYuan: 300_000, rightName: '诉讼代理' });
    const face = platinum?.rights.find((r) => r.rightCode === 'faceDiscount');
    expect(face?.pricePercent).toBe(70);
  });

  it('memberCard/list filters by kind', async () => {
    const themes = await getOk('memberCard/list?kind=theme', z.array(MemberCardSchema));
    expect(themes).toHaveLength(9);
    for (const c of themes) {
      expect(c.kind).toBe('theme');
      expect(c.themeFieldName).not.toBeNull();
      expect(c.page).toBe('SingleCard');
    }
    const time = await getOk('memberCard/list?kind=time', z.array(MemberCardSchema));
    expect(time.map((c) => c.code)).toEqual(['MC15001', 'MC15002', 'MC15003', 'MC15004']);
    const bad = await get('memberCard/list?kind=diamond');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('会员卡类型');
  });

  it('memberCard/detail answers a card; a legacy code answers the card it maps to', async () => {
    const gold = await getOk('memberCard/detail?code=MC19001', MemberCardDetailSchema);
    expect(gold).toMatchObject({
      code: 'MC19001',
      kind: 'gold',
      page: 'ACard',
      requestedCode: null,
      price: 299,
    });
    const legacy = await getOk('memberCard/detail?code=MC18003', MemberCardDetailSchema);
    expect(legacy).toMatchObject({ code: 'MC15001', requestedCode: 'MC18003', kind: 'time' });
    const missing = await get('memberCard/detail?code=MC99999');
    expect(missing.status).toBe(404);
    expect(missing.msg).toContain('MC99999');
    expect((await get('memberCard/detail?code=SC17001')).status).toBe(400);
    expect((await get('memberCard/detail')).status).toBe(400);
  });
});

describe('videos', () => {
  it('video/list pages the videos newest first; none is playable', async () => {
    const rows = await t.db.db
      .selectFrom('lawyer_videos')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const p1 = await getOk('video/list?limit=5', VideoPageSchema);
    expect(p1).toMatchObject({ total: rows.length, hasMore: true });
    expect(p1.list.map((v) => v.id)).toEqual(rows.slice(0, 5).map((r) => r.id));
    const p2 = await getOk('video/list?limit=5&page=2', VideoPageSchema);
    expect(p2.list.map((v) => v.id)).toEqual(rows.slice(5, 10).map((r) => r.id));
    const last = await getOk(`video/list?limit=5&page=${Math.ceil(rows.length / 5)}`, VideoPageSchema);
    expect(last.hasMore).toBe(false);
    for (const v of p1.list) {
      expect(v.playable).toBe(false);
      expect(v.durationText).toMatch(/^\d+:\d{2}$/);
      expect(v.lawyer.realName).not.toBe('');
    }
  });

  it('video/list filters by lawyer and keyword', async () => {
    const row = await t.db.db.selectFrom('lawyer_videos').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const mine = await t.db.db
      .selectFrom('lawyer_videos')
      .select('id')
      .where('lawyer_id', '=', row.lawyer_id)
      .execute();
    const byLawyer = await getOk(`video/list?lawyerId=${row.lawyer_id}&limit=50`, VideoPageSchema);
    expect(byLawyer.total).toBe(mine.length);
    for (const v of byLawyer.list) expect(v.lawyer.id).toBe(row.lawyer_id);
    const byTitle = await getOk(`video/list?keyword=${encodeURIComponent('加班费')}`, VideoPageSchema);
    expect(byTitle.total).toBe(1);
    expect(byTitle.list[0]?.title).toContain('加班费');
    expect((await get('video/list?lawyerId=abc')).status).toBe(400);
  });

  it('video/detail says the sample cannot be played; unknown → 404', async () => {
    const v = await getOk('video/detail?id=1', VideoDetailSchema);
    expect(v.playable).toBe(false);
    expect(v.notice).toBe('示例视频暂不可播放');
    expect(v.videoUrl).toMatch(/^https:\/\/www\.example\.com\//);
    expect(v.description).not.toBe('');
    const missing = await get('video/detail?id=4040');
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('视频不存在或已下架');
    expect((await get('video/detail?id=0')).status).toBe(400);
  });
});

describe('poster/info', () => {
  it.each(CHANNELS)('%s: share title, subtitle and the channel’s share link', async (channel) => {
    const info = await getOk(`poster/info?channel=${channel}`, PosterInfoSchema);
    expect(info.channel).toBe(channel);
    expect(info.title).not.toBe('');
    expect(info.subtitle).not.toBe('');
    const link = new URL(info.shareLink);
    expect(link.protocol).toBe('https:');
    expect(link.hostname).toBe(t.config.ownDomain);
    expect(link.pathname).toBe('/h5/gzh/');
    expect(link.searchParams.get('channel')).toBe(channel);
    expect(link.hash).toBe('#/Home');
    expect(info.posters.map((p) => p.kind)).toEqual(['share', 'activity']);
  });

  it('posters differ per channel; an unknown channel is a channel error', async () => {
    const titles = new Set<string>();
    for (const channel of CHANNELS)
      titles.add((await getOk(`poster/info?channel=${channel}`, PosterInfoSchema)).title);
    expect(titles.size).toBe(CHANNELS.length);
    expect((await get('poster/info?channel=nosuch')).code).toBe(40041);
    expect((await get('poster/info?x=1')).status).toBe(400);
  });
});
