import type { UsableCoupon } from '@lawline/contract/schemas';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client.ts';
import { paths } from '../src/app/paths.ts';
import { fetchCouponList } from '../src/features/coupons/api/coupon-list.ts';
import {
  CouponTabs,
  couponFace,
  couponTabOf,
  discountText,
  emptyCouponText,
  expiryText,
  minSpendText,
  scopeText,
  sortForChoosing,
} from '../src/features/coupons/coupon-rules.ts';
import { calculatePayAmount } from '../src/features/pay/api/pay-amount.ts';
import { fetchUsableCoupons } from '../src/features/pay/api/usable-coupons.ts';
import {
  createdOrderFor,
  createPayDraftStore,
  draftCoupon,
  PAY_DRAFT_KEY,
  parsePayDraft,
} from '../src/features/pay/order-draft.ts';
import { memoryStorage } from '../src/lib/storage.ts';

const BASE = 'http://lawline.test/api/v2/';
const ORDER = 'P20261121ABCD1234';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const coupon = (patch: Partial<UsableCoupon>): UsableCoupon => ({
  id: 1,
  couponId: 10,
  name: '新人立减券',
  couponType: 1,
  value: 10,
  valueText: '10元',
  minSpend: 0,
  productCodes: [],
  intro: '',
  claimedAt: 0,
  expiresAt: new Date(2026, 11, 31, 12).getTime(),
  status: 'valid',
  usable: true,
  discount: 10,
  reason: null,
  ...patch,
});

describe('我的优惠券', () => {
  it('has the tabs 可使用 / 已使用 / 已过期 keyed by coupon/list status, each with its empty text', () => {
    expect(CouponTabs.map((t) => [t.key, t.title])).toEqual([
      ['valid', '可使用'],
      ['used', '已使用'],
      ['expired', '已过期'],
    ]);
    expect(couponTabOf('used')).toBe('used');
    expect(couponTabOf('nonsense')).toBe('valid');
    expect(couponTabOf(null)).toBe('valid');
    expect(emptyCouponText).toEqual({
      valid: '暂无可使用的优惠券',
      used: '暂无已使用的优惠券',
      expired: '暂无已过期的优惠券',
    });
  });

  it('says a coupon’s terms: value face, minimum spend, products and expiry date', () => {
    expect(couponFace({ couponType: 1, value: 10 })).toEqual({ amount: '10', unit: '元' });
    expect(couponFace({ couponType: 2, value: 30 })).toEqual({ amount: '30', unit: '分钟' });
    expect(couponFace({ couponType: 3, value: 1 })).toEqual({ amount: '1', unit: '次' });
    expect(minSpendText(50)).toBe('满50元可用');
    expect(minSpendText(0)).toBe('无门槛');
    expect(scopeText([])).toBe('全场通用');
    expect(scopeText(['SC17001', 'SC19001'])).toBe('适用：电话咨询、见面咨询');
    expect(scopeText(['MC19001', 'MC19002'])).toBe('适用：会员卡');
    expect(expiryText(new Date(2026, 11, 31, 12).getTime())).toBe('有效期至 2026-12-31');
  });

  it('asks coupon/list with the tab’s status', async () => {
    let status: string | null = null;
    server.use(
      http.get(`${BASE}coupon/list`, ({ request }) => {
        status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json({ code: 0, msg: 'ok', data: [] });
      }),
    );
    await expect(fetchCouponList('expired', createApiClient({ baseUrl: BASE }))).resolves.toEqual([]);
    expect(status).toBe('expired');
  });
});

describe('ChooseCoupon', () => {
  it('lists usable coupons first by discount, unusable ones last with their reason', () => {
    const list = sortForChoosing([
      coupon({ id: 1, usable: false, discount: 0, reason: '订单满100元可用' }),
      coupon({ id: 2, discount: 5 }),
      coupon({ id: 3, discount: 20 }),
      coupon({ id: 4, discount: 5, expiresAt: 1 }),
    ]);
    expect(list.map((c) => c.id)).toEqual([3, 4, 2, 1]);
    expect(discountText(list[0] as UsableCoupon)).toBe('可抵扣¥20');
    expect(discountText(list[3] as UsableCoupon)).toBe('订单满100元可用');
    expect(discountText(coupon({ usable: false, reason: null }))).toBe('不适用于此订单');
  });

  it('is reached from the sheet with the product code and the order', () => {
    expect(paths.chooseCouponFor('SC17001', 'T20261121A1B2C3D4')).toBe(
      '/ChooseCoupon/SC17001?orderId=T20261121A1B2C3D4',
    );
    expect(paths.chooseCouponFor('MC19001')).toBe('/ChooseCoupon/MC19001');
  });

  it('asks coupon/usable by order when there is one, else by product code', async () => {
    const seen: Array<Record<string, string>> = [];
    server.use(
      http.get(`${BASE}coupon/usable`, ({ request }) => {
        seen.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ code: 0, msg: 'ok', data: [] });
      }),
    );
    const client = createApiClient({ baseUrl: BASE });
    await fetchUsableCoupons({ productCode: 'SC19001', orderId: ORDER }, client);
    await fetchUsableCoupons({ productCode: 'MC19001' }, client);
    expect(seen.map((q) => [q.orderId, q.productCode])).toEqual([
      [ORDER, undefined],
      [undefined, 'MC19001'],
    ]);
  });

  it('the sheet re-asks order/calculatePayAmount with the chosen coupon', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}order/calculatePayAmount`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 0, msg: 'ok', data: { needPayAmount: 5 } });
      }),
    );
    const client = createApiClient({ baseUrl: BASE });
    await calculatePayAmount({ orderId: ORDER, productCode: 'SC19001', couponId: 7 }, client);
    await calculatePayAmount({ productCode: 'MC19001', couponId: null }, client);
    expect(bodies).toEqual([
      { orderId: ORDER, couponId: 7, usertype: '3' },
      { productCode: 'MC19001', usertype: '3' },
    ]);
  });
});

describe('the order draft (couponId, couponName, couponValue) survives a reload', () => {
  const scope = { productCode: 'SC19001', orderId: ORDER };

  it('keeps the chosen coupon and the created order in session storage', () => {
    const storage = memoryStorage();
    const first = createPayDraftStore(storage);
    first.getState().begin(scope);
    first.getState().chooseCoupon(scope, { id: 7, name: '见面咨询券', value: 50 });
    first.getState().rememberCreated('MC19001', 'P20261121CARD0001');
    first.getState().openSheet(`/ServiceOrder/${ORDER}`);

    const reloaded = createPayDraftStore(storage);
    expect(draftCoupon(reloaded.getState(), scope)).toEqual({ id: 7, name: '见面咨询券', value: 50 });
    expect(createdOrderFor(reloaded.getState(), 'MC19001')).toBe('P20261121CARD0001');
    expect(reloaded.getState().sheetRoute).toBe(`/ServiceOrder/${ORDER}`);
  });

  it('a coupon belongs to its product and order: another one starts without it', () => {
    const draft = createPayDraftStore(memoryStorage());
    draft.getState().chooseCoupon(scope, { id: 7, name: '券', value: 50 });
    expect(draftCoupon(draft.getState(), { productCode: 'SC19001', orderId: null })).toBeNull();
    draft.getState().begin({ productCode: 'MC19001', orderId: null });
    expect(draft.getState().couponId).toBeNull();
    draft.getState().chooseCoupon(scope, null);
    expect(draftCoupon(draft.getState(), scope)).toBeNull();
  });

  it('finishing (paid) forgets everything; unreadable storage gives an empty draft', () => {
    const storage = memoryStorage();
    const draft = createPayDraftStore(storage);
    draft.getState().chooseCoupon(scope, { id: 7, name: '券', value: 50 });
    draft.getState().finish();
    expect(parsePayDraft(storage.getItem(PAY_DRAFT_KEY))).toMatchObject({ couponId: null, created: null });
    expect(parsePayDraft('{not json')).toMatchObject({ couponId: null, sheetRoute: null });
    expect(
      parsePayDraft(JSON.stringify({ couponId: -1, couponName: 'x', created: { orderId: 3 } })),
    ).toMatchObject({ couponId: null, couponName: null, created: null });
  });
});
