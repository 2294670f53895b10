import { PayStatus } from '@lawline/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/app/paths.ts';
import {
  isPayOrderId,
  orderViewPath,
  paidPath,
  payAgainPath,
  payReturnUrl,
  payWaitingStep,
  serviceKindOfPayment,
} from '../src/features/pay/pay-rules.ts';
import { orderPayPath, orderRowPath } from '../src/features/phone-consult/components/order-row.tsx';
import { PROGRESS_CAP, uploadProgress } from '../src/features/services/api/upload-file.ts';
import {
  checkFaceDraft,
  emptyFaceDraft,
  type FaceDraft,
  faceInput,
  parseFaceDraft,
} from '../src/features/services/face-rules.ts';
import { newUuid } from '../src/features/services/hooks/use-request-id.ts';
import {
  buildCityOptions,
  cancelConfirmText,
  dateText,
  fieldErrorsOf,
  firstErrorField,
  isPending,
  isServiceOrderId,
  meetingText,
  preferredDateChoices,
  ruleAfterPromise,
  serviceKindParam,
  timeText,
  togglePreferredDate,
  yuanText,
} from '../src/features/services/service-rules.ts';

const S = 'S20261125A1B2C3D4';
const UUID = '0b0c2f4e-8d1a-4c3b-9f6e-1a2b3c4d5e6f';

describe('service order ids and kinds', () => {
  it('knows an S id, and pays it', () => {
    expect(isServiceOrderId(S)).toBe(true);
    expect(isServiceOrderId('T20261125A1B2C3D4')).toBe(false);
    expect(isServiceOrderId('S2026112A1B2C3D4')).toBe(false);
    expect(isPayOrderId(S)).toBe(true);
  });

  it('reads a kind from a route part whatever its case', () => {
    expect(serviceKindParam('faceconsult')).toBe('faceConsult');
    expect(serviceKindParam('lawyerLetter')).toBe('lawyerLetter');
    expect(serviceKindParam('docModule')).toBeNull();
    expect(serviceKindParam(undefined)).toBeNull();
  });
});

describe('routes of service orders', () => {
  it('opens each kind on its detail page', () => {
    expect(paths.serviceDetail('faceConsult', S)).toBe(`/FaceDetail/${S}`);
    expect(paths.serviceDetail('lawyerLetter', S)).toBe(`/LetterDetail/${S}`);
    expect(paths.serviceDetail('lawsuit', S)).toBe(`/LawsuitDetail/${S}`);
    expect(paths.serviceDetail('video', S)).toBe('/OrderList');
    expect(paths.servicePayment(S, 'lawsuit', { pay: true })).toBe(`/Payment/${S}/lawsuit?pay=1`);
    expect(paths.orderEvaluate(S, 'faceConsult')).toBe(`/OrderEvaluate/${S}/faceConsult`);
    expect(paths.payWaiting(S, 'faceConsult')).toBe(`/PayWaiting/${S}/faceConsult`);
  });

  it('sends an order-list row of a service order to its page, and 去支付 to its Payment', () => {
    expect(orderRowPath({ orderId: S, serviceKind: 'faceConsult' })).toBe(`/FaceDetail/${S}`);
    expect(orderRowPath({ orderId: S, serviceKind: 'lawsuit' })).toBe(`/LawsuitDetail/${S}`);
    expect(orderPayPath({ orderId: S, serviceKind: 'lawyerLetter' })).toBe(
      `/Payment/${S}/lawyerLetter?pay=1`,
    );
  });
});

describe('paying a service order', () => {
  it('finds the kind from the product code of an S order only', () => {
    expect(serviceKindOfPayment({ orderId: S, productCode: 'SC19001' })).toBe('faceConsult');
    expect(serviceKindOfPayment({ orderId: S, productCode: 'SC19003' })).toBe('lawsuit');
    expect(serviceKindOfPayment({ orderId: 'P20261125A1B2C3D4', productCode: 'SC19001' })).toBeNull();
  });

  it('lands on the detail page once paid, and pays again on Payment by kind', () => {
    expect(paidPath(S, 'service', 'faceConsult')).toBe(`/FaceDetail/${S}`);
    expect(paidPath(S, 'service', null)).toBe('/OrderList');
    expect(payAgainPath(S, 'lawsuit')).toBe(`/Payment/${S}/lawsuit`);
    expect(orderViewPath(S, 'lawyerLetter')).toBe(`/LetterDetail/${S}`);
  });

  it('comes back from the provider to PayWaiting with the kind', () => {
    const url = payReturnUrl(
      S,
      { origin: 'https://x.cn', pathname: '/h5/gzh/', search: '?channel=gzh' },
      'faceConsult',
    );
    expect(url).toBe(`https://x.cn/h5/gzh/?channel=gzh#/PayWaiting/${S}/faceConsult`);
  });

  it('PayWaiting moves a paid S order to its page, a failed one to its Payment', () => {
    expect(
      payWaitingStep({
        orderId: S,
        pay: { payStatus: PayStatus.paid },
        serviceKind: 'faceConsult',
        elapsedMs: 0,
      }),
    ).toMatchObject({ kind: 'paid', path: `/FaceDetail/${S}` });
    expect(
      payWaitingStep({
        orderId: S,
        pay: { payStatus: PayStatus.failed },
        serviceKind: 'lawsuit',
        elapsedMs: 0,
      }),
    ).toMatchObject({ kind: 'failed', path: `/Payment/${S}/lawsuit` });
  });
});

describe('texts', () => {
  it('says money and dates as the pages show them', () => {
    expect(yuanText(1280)).toBe('¥1,280');
    expect(yuanText(99.5)).toBe('¥99.5');
    expect(yuanText(0)).toBe('¥0');
    expect(dateText('2026-11-27')).toBe('11月27日 周五');
    // Beijing time on any device: 02:00 UTC is 10:00 in Beijing.
    expect(meetingText(Date.UTC(2026, 10, 27, 2, 0))).toBe('11月27日（周五）10:00');
    expect(timeText(Date.UTC(2026, 10, 27, 16, 5))).toBe('2026-11-28 00:05');
  });

  it('shows the rule without the promise it starts with', () => {
    expect(ruleAfterPromise('承诺。规则。', '承诺。')).toBe('规则。');
    expect(ruleAfterPromise('规则。', '承诺。')).toBe('规则。');
  });

  it('says what comes back on cancel', () => {
    expect(cancelConfirmText({ paid: 299, state: 'arranging' })).toContain('¥299将全额原路退回');
    expect(cancelConfirmText({ paid: 0, state: 'awaiting_payment' })).toContain('无需付款');
  });

  it('keeps asking while a lawyer or the system is about to act', () => {
    expect(isPending({ state: 'arranging' })).toBe(true);
    expect(isPending({ state: 'in_service' })).toBe(false);
  });
});

describe('preferred dates', () => {
  it('offers tomorrow and the 29 days after', () => {
    // 23:30 in Beijing on the 25th is still the 25th there, whatever the device's zone.
    const days = preferredDateChoices(Date.UTC(2026, 10, 25, 15, 30));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-11-26');
    expect(days[29]).toBe('2026-12-25');
  });

  it('keeps 1–3 dates, sorted', () => {
    let dates = togglePreferredDate([], '2026-12-03');
    dates = togglePreferredDate(dates, '2026-12-01');
    dates = togglePreferredDate(dates, '2026-12-02');
    expect(dates).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(togglePreferredDate(dates, '2026-12-04')).toEqual(dates);
    expect(togglePreferredDate(dates, '2026-12-02')).toEqual(['2026-12-01', '2026-12-03']);
  });
});

describe('the face consultation form', () => {
  const filled: FaceDraft = {
    ...emptyFaceDraft(UUID),
    regionCodes: ['440000', '440300'],
    regionText: '广东省 深圳市',
    consultField: 2,
    level: 2,
    preferredDates: ['2099-01-02'],
    description: '离婚时房产如何分割，想当面咨询',
    contactName: '王女士',
  };

  it('sends the city code and the trimmed text', () => {
    expect(faceInput({ ...filled, contactName: ' 王女士 ' })).toMatchObject({
      requestId: UUID,
      regionCode: '440300',
      consultField: 2,
      level: 2,
      contactName: '王女士',
    });
    expect(checkFaceDraft(filled)).toEqual({});
  });

  it('says, field by field, what is missing (the contract schema’s words)', () => {
    const errors = checkFaceDraft(emptyFaceDraft(UUID));
    expect(errors.regionCode).toBe('请选择见面城市');
    expect(errors.consultField).toBe('请选择问题类型');
    expect(errors.preferredDates).toBe('请至少选择一个期望日期');
    expect(errors.description).toBe('请填写问题描述');
    expect(errors.contactName).toBe('请填写联系人');
    expect(firstErrorField(errors, ['regionCode', 'consultField'])).toBe('regionCode');
  });

  it('says how much of the description is missing', () => {
    expect(checkFaceDraft({ ...filled, description: '房产分割' }).description).toBe(
      '问题描述至少10个字，还差6个字',
    );
  });

  it('keeps a stored draft with its request id, and drops dates gone by', () => {
    const raw = JSON.stringify({ ...filled, preferredDates: ['2026-11-20', '2026-12-01'] });
    const draft = parseFaceDraft(raw, () => 'new', '2026-11-25');
    expect(draft.requestId).toBe(UUID);
    expect(draft.preferredDates).toEqual(['2026-12-01']);
    expect(parseFaceDraft('{bad', () => UUID, '2026-11-25')).toEqual(emptyFaceDraft(UUID));
  });
});

describe('schema issues to field messages', () => {
  it('takes the first message per field, item issues count for their list', () => {
    expect(
      fieldErrorsOf([
        { path: ['sender', 'phone'], message: 'a' },
        { path: ['preferredDates', 1], message: 'b' },
        { path: ['sender', 'phone'], message: 'c' },
        { path: [], message: 'd' },
      ]),
    ).toEqual({ 'sender.phone': 'a', preferredDates: 'b', '': 'd' });
  });
});

describe('regions and uploads', () => {
  it('builds province → city options', () => {
    const options = buildCityOptions({
      province_list: { '110000': '北京市', '440000': '广东省' },
      city_list: { '110100': '北京市', '440100': '广州市', '440300': '深圳市' },
    });
    expect(options.map((o) => o.label)).toEqual(['北京市', '广东省']);
    expect(options[1]?.children?.map((c) => c.value)).toEqual(['440100', '440300']);
  });

  it('holds progress at 90 % until the server has the file', () => {
    expect(uploadProgress(1, 1, false)).toBe(PROGRESS_CAP);
    expect(uploadProgress(1, 4, false)).toBe(25);
    expect(uploadProgress(4, 4, true)).toBe(100);
  });

  it('makes v4 uuids', () => {
    expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
