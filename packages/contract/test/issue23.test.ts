import { describe, expect, it } from 'vitest';
import {
  articleConsultField,
  beijingWhenText,
  billingRuleText,
  Charge,
  ConsultFieldName,
  computeCallBill,
  consultFieldName,
  consultTopicText,
  contrastRatio,
  explainCallBill,
  formatDuration,
  HomeConsultFields,
  maskPersonName,
  nextCallOrderState,
  noLawyerOnlineText,
  PAGE_BACKGROUND,
  parseServiceHours,
  readableBrandColour,
  serviceHoursState,
  ThemedCards,
} from '../src/index.ts';
import { CreateCallOrderSchema } from '../src/schemas/index.ts';

/** 2026-11-24 at hh:mm Beijing time. */
function beijing(hh: number, mm = 0, day = 24): number {
  return Date.UTC(2026, 10, day, hh - 8, mm);
}

describe('formatDuration: one format x分y秒', () => {
  it.each([
    [95, '1分35秒'],
    [40, '40秒'],
    [0, '0秒'],
    [59.9, '59秒'],
    [60, '1分0秒'],
    [120, '2分0秒'],
    [3725, '62分5秒'],
    [-3, '0秒'],
    [Number.NaN, '0秒'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('one name for each consult field', () => {
  it('field 2 is 婚姻家庭 everywhere, 7 is 其他问题', () => {
    expect(consultFieldName(2)).toBe('婚姻家庭');
    expect(consultFieldName(7)).toBe('其他问题');
    expect(Object.values(ConsultFieldName)).not.toContain('婚姻继承');
  });
  it('the home grid reads its names from the one table', () => {
    for (const field of HomeConsultFields) expect(field.name).toBe(consultFieldName(field.code));
  });
  it('the name inside a sentence', () => {
    expect(consultTopicText(2)).toBe('婚姻家庭问题');
    expect(consultTopicText(7)).toBe('其他问题');
    expect(consultTopicText(999)).toBe('其他问题');
  });
  it('no card theme calls a field by another name', () => {
    expect(ThemedCards.map((c) => c.theme)).not.toContain('婚姻继承');
  });
});

describe('billing rule in words, from the one rounding', () => {
  it('by time and by count', () => {
    expect(billingRuleText(Charge.byTime, 600)).toBe(
      '通话不足1分钟免费；满1分钟起，每开始1分钟按6元计费（如1分35秒按2分钟计）',
    );
    expect(billingRuleText(Charge.byPer, 3900)).toBe('通话不足1分钟免费；满1分钟按次收费，39元/次');
  });
  it('explains a bill from its own units', () => {
    const bill = computeCallBill({
      charge: Charge.byTime,
      unitPriceFen: 600,
      durationSeconds: 95,
      isMember: false,
      hasCountCardUse: false,
    });
    expect(
      explainCallBill({ ...bill, unitPriceFen: 600, durationSeconds: 95, amountFen: bill.amountFen }),
    ).toBe('通话1分35秒，按2分钟计费：2分钟 × 6元/分钟 = 12元');
    expect(
      explainCallBill({
        charge: Charge.byTime,
        unitPriceFen: 600,
        durationSeconds: 40,
        billableUnits: 0,
        amountFen: 0,
        freeReason: 'shortCall',
      }),
    ).toBe('通话40秒，不足1分钟，免费');
    expect(
      explainCallBill({
        charge: Charge.byPer,
        unitPriceFen: 3900,
        durationSeconds: 180,
        billableUnits: 1,
        amountFen: 3900,
        freeReason: 'member',
      }),
    ).toBe('通话3分0秒，按次计费：1次 × 39元/次 = 39元；会员免费');
  });
});

describe('service hours (Beijing)', () => {
  it('reads the channel text', () => {
    expect(parseServiceHours('09:00–21:00')).toEqual({ openMinute: 540, closeMinute: 1260 });
    expect(parseServiceHours('9:30-18:00')).toEqual({ openMinute: 570, closeMinute: 1080 });
    expect(parseServiceHours('all day')).toBeNull();
    expect(parseServiceHours('09:00–09:00')).toBeNull();
  });
  it('inside, before and after the hours', () => {
    const inside = serviceHoursState('09:00–21:00', beijing(10));
    expect(inside).toMatchObject({ inHours: true, nextOpenAt: beijing(10), closesAt: beijing(21) });
    const early = serviceHoursState('09:00–21:00', beijing(7));
    expect(early).toMatchObject({ inHours: false, nextOpenAt: beijing(9) });
    const late = serviceHoursState('09:00–21:00', beijing(22));
    expect(late).toMatchObject({
      inHours: false,
      nextOpenAt: beijing(9, 0, 25),
      closesAt: beijing(21, 0, 25),
    });
    expect(serviceHoursState('09:00–21:00', beijing(21)).inHours).toBe(false);
  });
  it('overnight hours', () => {
    expect(serviceHoursState('20:00–08:00', beijing(2)).inHours).toBe(true);
    expect(serviceHoursState('20:00–08:00', beijing(2)).closesAt).toBe(beijing(8));
    expect(serviceHoursState('20:00–08:00', beijing(12)).nextOpenAt).toBe(beijing(20));
  });
  it('says when lawyers are expected', () => {
    expect(beijingWhenText(beijing(9, 0, 25), beijing(22))).toBe('明天 09:00');
    expect(noLawyerOnlineText('09:00–21:00', beijing(22))).toBe(
      '当前不在服务时间（律师服务时间 09:00–21:00），预计明天 09:00起有律师接听',
    );
    expect(noLawyerOnlineText('09:00–21:00', beijing(10))).toContain('当前暂无律师在线');
  });
});

describe('article → consult field', () => {
  it('first tag that maps, fallback 7', () => {
    expect(articleConsultField(['继承', '婚姻家庭'])).toBe(2);
    expect(articleConsultField(['房产', '合同'])).toBe(3);
    expect(articleConsultField(['劳动维权'])).toBe(5);
    expect(articleConsultField(['医疗纠纷'])).toBe(9);
    expect(articleConsultField(['生活'])).toBe(7);
    expect(articleConsultField([])).toBe(7);
  });
});

describe('requested lawyer and callback requests', () => {
  it('createCallOrder takes a lawyer user id or a callback, not both', () => {
    const base = { consultField: 2, userRemark: '离婚' };
    expect(CreateCallOrderSchema.safeParse({ ...base, lawyerUserId: 9001 }).success).toBe(true);
    expect(CreateCallOrderSchema.safeParse({ ...base, callback: true }).success).toBe(true);
    expect(CreateCallOrderSchema.safeParse({ ...base, callback: true, lawyerUserId: 9001 }).success).toBe(
      false,
    );
    expect(CreateCallOrderSchema.safeParse({ ...base, lawyerUserId: 0 }).success).toBe(false);
  });
  it('a callback request opens into dispatching; release keeps looking', () => {
    expect(nextCallOrderState('scheduled', 'open')).toBe('dispatching');
    expect(nextCallOrderState('scheduled', 'cancel')).toBe('closed');
    expect(nextCallOrderState('scheduled', 'offer')).toBeNull();
    expect(nextCallOrderState('offered', 'releaseRequested')).toBe('dispatching');
    expect(nextCallOrderState('assigned', 'releaseRequested')).toBeNull();
  });
});

describe('readable brand colours', () => {
  it('darkens a light colour until white on it and it on the page reach 4.5:1', () => {
    const orange = readableBrandColour('#FF7A18');
    expect(contrastRatio(orange, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(orange, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(readableBrandColour('#1F2937')).toBe('#1f2937');
    expect(readableBrandColour('not a colour')).toBe('not a colour');
  });
});

describe('masked names', () => {
  it('first character and **; defaults and closed accounts as 用户**', () => {
    expect(maskPersonName('欧阳娜娜')).toBe('欧**');
    expect(maskPersonName('用户8000')).toBe('用户**');
    expect(maskPersonName('已注销用户')).toBe('用户**');
    expect(maskPersonName('')).toBe('用户**');
    expect(maskPersonName(null)).toBe('用户**');
  });
});
