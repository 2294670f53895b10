import { CallOrderStatus, OrderListTabs, StepLists } from '@lawline/contract';
import { describe, expect, it } from 'vitest';
import {
  buildRegionOptions,
  checkQuestion,
  consultFieldOf,
  durationText,
  EXPECT_NOW,
  expectDays,
  fieldNameOf,
  isCallOrderId,
  localPromiseDeadline,
  parseDraft,
  redirectFor,
  screenOfStatus,
  secondsUntil,
  slotsOf,
  tabIndexOf,
  tabKeyOf,
  waitingNextPath,
  waitingView,
} from '../src/features/phone-consult/phone-rules.ts';

const ORDER = 'T20261121A1B2C3D4';

describe('the 60-second promise countdown', () => {
  it('counts whole seconds up to the deadline, rounded up, never below 0', () => {
    const deadline = 1_000_000 + 60_000;
    expect(secondsUntil(deadline, 1_000_000)).toBe(60);
    expect(secondsUntil(deadline, 1_000_001)).toBe(60);
    expect(secondsUntil(deadline, 1_000_999)).toBe(60);
    expect(secondsUntil(deadline, 1_001_000)).toBe(59);
    expect(secondsUntil(deadline, deadline - 1)).toBe(1);
    expect(secondsUntil(deadline, deadline)).toBe(0);
    expect(secondsUntil(deadline, deadline + 5000)).toBe(0);
  });

  it("uses the server's deadline when the clocks agree, and seconds-left-from-arrival when this phone's clock is off", () => {
    const serverDeadline = 5_000_000;
    // Same clock: the answer arrived 15 s before the deadline and says 15 s left.
    expect(localPromiseDeadline({ promiseDeadline: serverDeadline, secondsLeft: 15 }, 4_985_000)).toBe(
      serverDeadline,
    );
    // Within rounding (ceil) it still trusts the server's deadline.
    expect(localPromiseDeadline({ promiseDeadline: serverDeadline, secondsLeft: 15 }, 4_985_400)).toBe(
      serverDeadline,
    );
    // The phone is 5 minutes behind: count 15 s from when the answer arrived.
    const behind = 4_985_000 - 300_000;
    expect(localPromiseDeadline({ promiseDeadline: serverDeadline, secondsLeft: 15 }, behind)).toBe(
      behind + 15_000,
    );
    expect(
      secondsUntil(
        localPromiseDeadline({ promiseDeadline: serverDeadline, secondsLeft: 15 }, behind),
        behind,
      ),
    ).toBe(15);
    // Overdue is overdue whatever the clock says.
    expect(
      secondsUntil(localPromiseDeadline({ promiseDeadline: serverDeadline, secondsLeft: 0 }, 1_000), 1_000),
    ).toBe(0);
  });
});

describe('where a call-order status leads (spec §4 phone order table)', () => {
  it('PhoneWaiting keeps polling on 2 and routes 5 → Payment, 4 → LawyerEvaluation, 3 → PayWaiting, 99 → TelDetail', () => {
    expect(waitingNextPath(2, ORDER)).toBeNull();
    expect(waitingNextPath(5, ORDER)).toBe(`/Payment/${ORDER}`);
    expect(waitingNextPath(4, ORDER)).toBe(`/LawyerEvaluation/${ORDER}`);
    expect(waitingNextPath(3, ORDER)).toBe(`/PayWaiting/${ORDER}`);
    expect(waitingNextPath(99, ORDER)).toBe(`/TelDetail/${ORDER}`);
    expect(waitingNextPath(42, ORDER)).toBe(`/TelDetail/${ORDER}`);
    expect(screenOfStatus(CallOrderStatus.inProgress)).toBe('PhoneWaiting');
  });

  it('each status screen stays on its own status and sends any other where the table says', () => {
    const at = (status: number) => ({ status, orderId: ORDER });
    expect(redirectFor('Payment', at(5))).toBeNull();
    expect(redirectFor('Payment', at(4))).toBe(`/LawyerEvaluation/${ORDER}`);
    expect(redirectFor('Payment', at(2))).toBe(`/PhoneWaiting/${ORDER}`);
    expect(redirectFor('LawyerEvaluation', at(4))).toBeNull();
    expect(redirectFor('LawyerEvaluation', at(5))).toBe(`/Payment/${ORDER}`);
    expect(redirectFor('LawyerEvaluation', at(99))).toBe(`/TelDetail/${ORDER}`);
    expect(redirectFor('PayWaiting', at(3))).toBeNull();
    expect(redirectFor('PayWaiting', at(4))).toBe(`/PaySuccess/${ORDER}`);
    expect(redirectFor('PayWaiting', at(5))).toBe(`/Payment/${ORDER}`);
    expect(redirectFor('PaySuccess', at(4))).toBeNull();
    expect(redirectFor('PaySuccess', at(3))).toBe(`/PayWaiting/${ORDER}`);
  });

  it('PhoneWaiting shows matching, overdue, no lawyer online, assigned or in call', () => {
    const detail = (stage: 'matching' | 'assigned' | 'inCall' | 'done', extra: object = {}, status = 2) => ({
      status: status as 2,
      actions: {} as never,
      dispatch: {
        stage,
        promiseDeadline: 0,
        secondsLeft: 0,
        overdue: false,
        noLawyerOnline: false,
        attempts: 0,
        giveUpAt: null,
        ...extra,
      },
    });
    expect(waitingView(detail('matching'))).toBe('matching');
    expect(waitingView(detail('matching', { noLawyerOnline: true }))).toBe('noLawyer');
    expect(waitingView(detail('matching', { overdue: true, noLawyerOnline: true }))).toBe('overdue');
    expect(waitingView(detail('assigned'))).toBe('assigned');
    expect(waitingView(detail('inCall'))).toBe('inCall');
    expect(waitingView(detail('done', {}, 5))).toBe('done');
  });

  it('recognises call order ids', () => {
    expect(isCallOrderId(ORDER)).toBe(true);
    expect(isCallOrderId('1')).toBe(false);
    expect(isCallOrderId('t20261121a1b2c3d4')).toBe(false);
    expect(isCallOrderId(undefined)).toBe(false);
  });
});

describe('SubTel', () => {
  it('finds the field of the route: the home grid name for its codes, the full list for others, null for unknown', () => {
    expect(consultFieldOf('2')).toEqual({ code: 2, name: '婚姻家庭' });
    expect(consultFieldOf('7')).toEqual({ code: 7, name: '其他问题' });
    expect(consultFieldOf('9')).toEqual({ code: 9, name: '医疗纠纷' });
    expect(consultFieldOf('999')).toBeNull();
    expect(consultFieldOf('abc')).toBeNull();
    expect(consultFieldOf(undefined)).toBeNull();
    expect(fieldNameOf({ consultField: 2, consultFieldName: '婚姻继承' })).toBe('婚姻家庭');
    expect(fieldNameOf({ consultField: 8, consultFieldName: '合同纠纷' })).toBe('合同纠纷');
  });

  it('asks for a question of 5–500 characters (trimmed)', () => {
    expect(checkQuestion('')).toBe('请描述您要咨询的问题');
    expect(checkQuestion('    ')).toBe('请描述您要咨询的问题');
    expect(checkQuestion('离婚财产')).toBe('问题描述至少5个字');
    expect(checkQuestion('  离婚财产分  ')).toBeNull();
    expect(checkQuestion('问'.repeat(500))).toBeNull();
    expect(checkQuestion('问'.repeat(501))).toBe('问题描述最多500个字');
  });

  it('reads a stored draft defensively', () => {
    expect(parseDraft(null)).toEqual({
      question: '',
      location: '',
      locationCodes: [],
      expectTime: EXPECT_NOW,
    });
    expect(parseDraft('not json').question).toBe('');
    const draft = parseDraft(
      JSON.stringify({
        question: '房东不退押金',
        location: '广东省 深圳市 南山区',
        locationCodes: ['440000', 'x', '440305'],
        expectTime: '',
      }),
    );
    expect(draft).toEqual({
      question: '房东不退押金',
      location: '广东省 深圳市 南山区',
      locationCodes: ['440000', '440305'],
      expectTime: EXPECT_NOW,
    });
  });

  it('offers today only the slots that have not ended, and always tomorrow', () => {
    const morning = new Date(2026, 10, 21, 8, 30);
    expect(expectDays(morning).map((d) => d.value)).toEqual(['今天', '明天']);
    expect(slotsOf('今天', morning)).toHaveLength(4);
    const evening = new Date(2026, 10, 21, 19, 10);
    expect(slotsOf('今天', evening).map((s) => s.value)).toEqual(['18:00-21:00']);
    const night = new Date(2026, 10, 21, 22, 0);
    expect(expectDays(night).map((d) => d.value)).toEqual(['明天']);
    expect(slotsOf('明天', night)).toHaveLength(4);
  });

  it('builds the province / city / county tree of the region data', () => {
    const tree = buildRegionOptions({
      province_list: { 110000: '北京市', 440000: '广东省' },
      city_list: { 110100: '北京市', 440300: '深圳市', 441900: '东莞市' },
      county_list: { 110101: '东城区', 440305: '南山区', 440304: '福田区' },
    });
    expect(tree).toEqual([
      {
        label: '北京市',
        value: '110000',
        children: [{ label: '北京市', value: '110100', children: [{ label: '东城区', value: '110101' }] }],
      },
      {
        label: '广东省',
        value: '440000',
        children: [
          {
            label: '深圳市',
            value: '440300',
            children: [
              { label: '福田区', value: '440304' },
              { label: '南山区', value: '440305' },
            ],
          },
          { label: '东莞市', value: '441900' },
        ],
      },
    ]);
  });

  it('the phone step list has four steps', () => {
    expect(StepLists.phoneConsult).toEqual(['立即咨询', '等待回电', '满意付费', '服务评价']);
  });
});

describe('texts and the order list', () => {
  it('writes durations in one format, x分y秒 (the contract formatDuration)', () => {
    expect(durationText(0)).toBe('0秒');
    expect(durationText(59)).toBe('59秒');
    expect(durationText(60)).toBe('1分0秒');
    expect(durationText(95)).toBe('1分35秒');
    expect(durationText(3723)).toBe('62分3秒');
    expect(durationText(null)).toBe('—');
  });

  it('opens the tab of ?index= (1 = 待支付), the first for anything else', () => {
    expect(tabIndexOf('1')).toBe(1);
    expect(tabKeyOf(tabIndexOf('1'))).toBe('unpaid');
    expect(tabKeyOf(tabIndexOf('2'))).toBe('finished');
    expect(tabKeyOf(tabIndexOf('3'))).toBe('cancelled');
    expect(tabIndexOf(null)).toBe(0);
    expect(tabIndexOf('9')).toBe(0);
    expect(tabIndexOf('-1')).toBe(0);
    expect(OrderListTabs.map((t) => t.title)).toEqual(['进行中', '待支付', '已完成', '已取消']);
  });
});
