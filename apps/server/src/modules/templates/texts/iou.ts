import type { TemplateSource } from './types.ts';

/** 借条欠条 (债权债务): short notes, no numbered clauses but every element a court looks for. */
export const iouTemplates: TemplateSource[] = [
  {
    id: 101,
    category: 'iou',
    title: '借条（个人借款）',
    summary: '个人之间借款时由借款人出具，写明金额大小写、用途、利息、还款日期和交付方式，适合小额民间借贷。',
    updated: '2026-09-18',
    fields: [
      { name: 'borrower', label: '借款人姓名' },
      { name: 'borrowerId', label: '借款人身份证号', max: 18 },
      { name: 'lender', label: '出借人姓名' },
      { name: 'lenderId', label: '出借人身份证号', max: 18 },
      { name: 'amountWords', label: '借款金额（大写）', kind: 'money', hint: '例如：伍万元整' },
      { name: 'amount', label: '借款金额（小写）', kind: 'money', hint: '例如：50000.00' },
      { name: 'purpose', label: '借款用途', hint: '例如：家庭装修' },
      { name: 'rate', label: '年利率', hint: '例如：3.65%；无息请填“0”' },
      { name: 'payMethod', label: '交付方式', hint: '例如：银行转账至借款人尾号1234的账户' },
      { name: 'dueDate', label: '还款日期', kind: 'date' },
      { name: 'borrowerPhone', label: '借款人电话', max: 20 },
      { name: 'borrowerAddress', label: '借款人住址', max: 80 },
      { name: 'signDate', label: '出具日期', kind: 'date' },
    ],
    body: `
      今借到出借人{{lender}}（身份证号：{{lenderId}}）人民币{{amountWords}}（¥{{amount}}元），用于{{purpose}}。
      上述款项已由出借人以{{payMethod}}的方式全额交付，借款人已实际收到。
      借款年利率为{{rate}}（约定利率不超过合同成立时一年期贷款市场报价利率的四倍），利息随本金一并支付。
      借款人承诺于{{dueDate}}前一次性归还全部本金及利息。逾期未还的，自逾期之日起按上述年利率另计逾期利息，并承担出借人为实现债权支付的诉讼费、保全费、律师费等合理费用。
      借款人确认以下联系方式和住址可用于接收催款通知及法院诉讼文书，变更时应书面告知出借人：电话{{borrowerPhone}}，住址{{borrowerAddress}}。
      @ 借款人（签字并按手印）：{{borrower}}
      @ 身份证号：{{borrowerId}}
      @ 日期：{{signDate}}
    `,
  },
  {
    id: 102,
    category: 'iou',
    title: '欠条（货款、劳务费等欠款）',
    summary: '因买卖、劳务、合作等原因形成欠款时由欠款人出具，写明欠款原因、金额和分期还款安排。',
    updated: '2026-09-18',
    fields: [
      { name: 'debtor', label: '欠款人姓名或名称' },
      { name: 'debtorId', label: '欠款人身份证号或统一社会信用代码', max: 18 },
      { name: 'creditor', label: '债权人姓名或名称' },
      { name: 'reason', label: '欠款原因', kind: 'long', max: 200, hint: '例如：2026年8月购买钢材货款' },
      { name: 'amountWords', label: '欠款金额（大写）', kind: 'money' },
      { name: 'amount', label: '欠款金额（小写）', kind: 'money' },
      {
        name: 'plan',
        label: '还款安排',
        kind: 'long',
        max: 200,
        hint: '例如：2026年12月31日前付清；或每月10日前还款5000元',
      },
      { name: 'account', label: '收款账户', optional: true, max: 80 },
      { name: 'signDate', label: '出具日期', kind: 'date' },
    ],
    body: `
      欠款人{{debtor}}（证件号码：{{debtorId}}）因{{reason}}，截至本欠条出具之日，尚欠{{creditor}}人民币{{amountWords}}（¥{{amount}}元）。
      欠款人承诺按以下方式归还：{{plan}}。款项支付至债权人指定账户：{{account}}。
      欠款人任何一期未按时足额还款的，债权人有权要求欠款人一次性清偿全部剩余欠款，并自逾期之日起按全国银行间同业拆借中心公布的一年期贷款市场报价利率计付逾期利息。
      双方对欠款金额无异议。因本欠条发生争议的，由债权人住所地人民法院管辖。
      @ 欠款人（签字并按手印）：{{debtor}}
      @ 日期：{{signDate}}
    `,
  },
  {
    id: 103,
    category: 'iou',
    title: '收条（收到款项或物品）',
    summary: '收到对方交付的款项、押金或物品时出具，证明交付事实，注明收取事由和是否已结清。',
    updated: '2026-08-30',
    fields: [
      { name: 'receiver', label: '收款人（收物人）姓名' },
      { name: 'payer', label: '交付人姓名或名称' },
      {
        name: 'item',
        label: '收到的款项或物品',
        kind: 'long',
        max: 200,
        hint: '例如：人民币叁仟元整（¥3000.00元）',
      },
      { name: 'cause', label: '收取事由', max: 100, hint: '例如：2026年9月房租' },
      { name: 'method', label: '交付方式', hint: '例如：现金 / 微信转账' },
      { name: 'settled', label: '结清情况', max: 100, hint: '例如：该笔款项已全部结清' },
      { name: 'signDate', label: '日期', kind: 'date' },
    ],
    body: `
      今收到{{payer}}交付的{{item}}。
      收取事由：{{cause}}。
      交付方式：{{method}}。
      说明：{{settled}}。
      本收条仅证明上述款项或物品已实际交付，不代替双方之间的合同。
      @ 收款人（签字）：{{receiver}}
      @ 日期：{{signDate}}
    `,
  },
  {
    id: 104,
    category: 'iou',
    title: '借条（附保证人担保）',
    summary: '在普通借条基础上增加保证人签字担保，写明保证方式和保证期间，出借人的债权更有保障。',
    updated: '2026-10-09',
    fields: [
      { name: 'borrower', label: '借款人姓名' },
      { name: 'borrowerId', label: '借款人身份证号', max: 18 },
      { name: 'lender', label: '出借人姓名' },
      { name: 'amountWords', label: '借款金额（大写）', kind: 'money' },
      { name: 'amount', label: '借款金额（小写）', kind: 'money' },
      { name: 'dueDate', label: '还款日期', kind: 'date' },
      { name: 'rate', label: '年利率', hint: '无息请填“0”' },
      { name: 'guarantor', label: '保证人姓名' },
      { name: 'guarantorId', label: '保证人身份证号', max: 18 },
      { name: 'signDate', label: '出具日期', kind: 'date' },
    ],
    body: `
      今借到{{lender}}人民币{{amountWords}}（¥{{amount}}元），已通过银行转账全额收到，年利率{{rate}}，借款人{{borrower}}（身份证号：{{borrowerId}}）保证于{{dueDate}}前归还全部本息。
      保证人{{guarantor}}（身份证号：{{guarantorId}}）自愿为上述借款提供连带责任保证，保证范围包括借款本金、利息、逾期利息以及出借人实现债权的诉讼费、律师费等费用；保证期间为借款到期之日起六个月。
      借款人到期未还的，出借人有权直接要求保证人承担还款责任。
      @ 借款人（签字并按手印）：{{borrower}}
      @ 保证人（签字并按手印）：{{guarantor}}
      @ 日期：{{signDate}}
    `,
  },
];
