import { describe, expect, it } from 'vitest';
import {
  CallOrderStatus,
  ChargeUnitText,
  CommonProblems,
  ConsultFieldName,
  CouponType,
  callOrderStatusText,
  canonicalCardCode,
  consultFieldCodes,
  HomeConsultFields,
  keptAlivePages,
  MemberCardCode,
  OrderConst,
  OrderStatus,
  Pages,
  PayType,
  ProductCode,
  ProductType,
  ServiceType,
  StepLists,
  TabBar,
  ThemedCards,
  Timing,
  UploadType,
  watchedCallOrderStatuses,
} from '../src/index.ts';
import { regionData, regionPath } from '../src/regions.ts';

describe('constants of spec §3 and §9', () => {
  it('consult fields: 1–24 and 44–50', () => {
    const expected = [...Array.from({ length: 24 }, (_, i) => i + 1), 44, 45, 46, 47, 48, 49, 50];
    expect(consultFieldCodes.sort((a, b) => a - b)).toEqual(expected);
    expect(ConsultFieldName[1]).toBe('交通出行');
    expect(ConsultFieldName[9]).toBe('医疗纠纷');
  });
  it('home grid in the spec order with 税务咨询 marked new', () => {
    expect(HomeConsultFields.map((f) => `${f.code}${f.name}`)).toEqual([
      '4债权债务',
      '2婚姻家庭',
      '3房产物业',
      '5劳动人事',
      '1交通出行',
      '6消费维权',
      '24税务咨询',
      '7其他问题',
    ]);
    expect(HomeConsultFields.filter((f) => 'isNew' in f && f.isNew).map((f) => f.code)).toEqual([24]);
  });
  it('common problems map to the spec field ids', () => {
    expect(Object.fromEntries(CommonProblems.map((p) => [p.name, p.field]))).toEqual({
      离婚纠纷: 2,
      财产分割: 2,
      借款纠纷: 4,
      金融诈骗: 4,
      消费维权: 6,
      伤残鉴定: 1,
      劳动维权: 5,
      房产纠纷: 3,
    });
  });
  it('codes and types', () => {
    expect(ProductCode).toEqual({
      phoneCall: 'SC17001',
      docCheck: 'SC18001',
      docModule: 'SC18002',
      docDraft: 'SC18004',
      faceConsult: 'SC19001',
      lawyerLetter: 'SC19002',
      lawsuit: 'SC19003',
    });
    expect(ServiceType).toEqual({
      tel: 1,
      card: 2,
      contractDown: 3,
      contractReview: 4,
      doc: 5,
      video: 6,
      contentShare: 7,
    });
    expect(PayType).toEqual({ aliPay: '0', wxPay: '1', wxFssPay: '5' });
    expect(ProductType).toEqual({ timeCard: '3', annualCard: '2' });
    expect(ChargeUnitText).toEqual({ '1': '元/次', '2': '元/分钟' });
    expect(CouponType).toEqual({ money: 1, time: 2, times: 3 });
    expect(UploadType).toEqual({ doc: '8', bank: '25' });
  });
  it('member cards and legacy mappings', () => {
    expect(MemberCardCode.gold).toBe('MC19001');
    expect(MemberCardCode.platinum).toBe('MC19002');
    expect(ThemedCards.map((c) => c.code)).toEqual([
      'MC20001',
      'MC20002',
      'MC20003',
      'MC20004',
      'MC20005',
      'MC20006',
      'MC20007',
      'MC20008',
      'MC20009',
    ]);
    expect(ThemedCards[0]?.name).toBe('守住财神');
    for (const legacy of ['MC19003', 'MC19004', 'MC19005']) expect(canonicalCardCode(legacy)).toBe('MC19001');
    for (const legacy of ['MC18002', 'MC18003', 'MC18004']) expect(canonicalCardCode(legacy)).toBe('MC15001');
    expect(canonicalCardCode('MC19002')).toBe('MC19002');
  });
  it('both order-status readings and the call-order table', () => {
    expect(OrderStatus).toEqual({
      newSubmitted: 1,
      inService: 2,
      unpaid: 3,
      evaluated: 4,
      finished: 5,
      cancelled: 99,
    });
    expect(OrderConst).toEqual({ START: 1, UNPAY: 2, APPRAISE: 3, NOT_LINK: 6 });
    expect(Object.values(CallOrderStatus).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 99]);
    expect([...watchedCallOrderStatuses]).toEqual([2, 3, 4, 5, 99]);
    expect(callOrderStatusText(4, true)).toBe('订单已完成');
    expect(callOrderStatusText(4, false)).toBe('支付已完成');
  });
  it('step lists', () => {
    expect(StepLists.docModule).toEqual(['成为会员', '选择模板', '导出邮箱', '邮箱验收']);
    expect(StepLists.docCheck).toEqual(['提交订单', '律师报价', '律师审查', '查看结果']);
    expect(StepLists.faceConsult).toEqual(['立即下单', '填写信息', '确认支付', '安排律师', '见面咨询']);
    expect(StepLists.lawyerLetter).toEqual(['立即下单', '填写信息', '确认支付', '安排律师', '发律师函']);
    expect(StepLists.lawsuit).toEqual(['立即下单', '填写信息', '支付订金', '安排律师', '律师服务']);
    expect(StepLists.draftDoc).toEqual(StepLists.lawsuit);
  });
  it('timings of §9', () => {
    expect(Timing.bannerAutoplayMs).toBe(4000);
    expect(Timing.tickerAutoplayMs).toBe(3000);
    expect(Timing.toastMs).toBe(1500);
    expect(Timing.requestTimeoutMs).toBe(30_000);
    expect(Timing.smsCountdownS).toBe(60);
    expect(Timing.heartbeatMs).toBe(10_000);
    expect(Timing.retryMs).toBe(3000);
  });
  it('routes: every named route, four kept alive, five tabs', () => {
    expect(Object.keys(Pages)).toHaveLength(77);
    expect([...keptAlivePages]).toEqual(['LawAndPrivate', 'Lawyer', 'Information', 'ServiceMall']);
    expect(TabBar.map((t) => t.title)).toEqual(['首页', '服务商城', '选专家', '资讯', '我的']);
  });
});

describe('region data in the spec shape', () => {
  it('provinces end in 0000 and counties resolve to a path', () => {
    const provinces = Object.keys(regionData.province_list);
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces.every((code) => /^\d{2}0000$/.test(code))).toBe(true);
    expect(Object.keys(regionData.city_list).length).toBeGreaterThan(300);
    expect(Object.keys(regionData.county_list).length).toBeGreaterThan(2800);
    expect(regionPath('110101')).toEqual(['北京市', '北京市', '东城区']);
    expect(regionPath('bad')).toEqual([]);
  });
});
