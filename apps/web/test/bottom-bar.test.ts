import { describe, expect, it } from 'vitest';
import { bottomBarView, MEMBER_FREE_TEXT, WAITING_PAYMENT_TAG } from '../src/ui/bottom-bar-view.ts';

describe('the fixed bottom bar (spec §2)', () => {
  it('shows ¥ price with the unit text', () => {
    expect(bottomBarView({ price: 6, unitText: '元/分钟' })).toEqual({
      kind: 'price',
      priceText: '¥6',
      tag: null,
      unitText: '元/分钟',
    });
    expect(bottomBarView({ price: '9.9', unitText: '元/次' })).toMatchObject({
      priceText: '¥9.9',
      unitText: '元/次',
    });
    expect(bottomBarView({ price: 0, unitText: '' })).toEqual({
      kind: 'price',
      priceText: '¥0',
      tag: null,
      unitText: null,
    });
  });

  it('adds the 待支付 tag while the order waits for payment, with a time text', () => {
    expect(bottomBarView({ price: 12, waitingPayment: true, unitText: '通话1分35秒' })).toEqual({
      kind: 'price',
      priceText: '¥12',
      tag: WAITING_PAYMENT_TAG,
      unitText: '通话1分35秒',
    });
    expect(WAITING_PAYMENT_TAG).toBe('待支付');
  });

  it('with no price is a full-width button', () => {
    expect(bottomBarView({})).toEqual({ kind: 'button' });
    expect(bottomBarView({ price: null, unitText: '元/分钟' })).toEqual({ kind: 'button' });
    expect(bottomBarView({ price: '' })).toEqual({ kind: 'button' });
    expect(bottomBarView({ price: 'abc' })).toEqual({ kind: 'button' });
  });

  it('reads 会员尊享免费咨询 when the price label is 会员免费, whatever the price', () => {
    expect(bottomBarView({ price: 6, unitText: '元/分钟', priceLabel: '会员免费' })).toEqual({
      kind: 'member',
      text: '会员尊享免费咨询',
    });
    expect(bottomBarView({ priceLabel: '会员免费' })).toEqual({ kind: 'member', text: MEMBER_FREE_TEXT });
    expect(bottomBarView({ price: 6, priceLabel: '限时优惠' })).toMatchObject({ kind: 'price' });
  });
});
