import type { TemplateSource } from './types.ts';

const partiesAB = `
  甲方（出借人）：{{lender}}，身份证号：{{lenderId}}，联系电话：{{lenderPhone}}
  乙方（借款人）：{{borrower}}，身份证号：{{borrowerId}}，联系电话：{{borrowerPhone}}
`;

const lenderBorrowerFields = [
  { name: 'lender', label: '出借人（甲方）姓名' },
  { name: 'lenderId', label: '出借人身份证号', max: 18 },
  { name: 'lenderPhone', label: '出借人电话', max: 20 },
  { name: 'borrower', label: '借款人（乙方）姓名' },
  { name: 'borrowerId', label: '借款人身份证号', max: 18 },
  { name: 'borrowerPhone', label: '借款人电话', max: 20 },
] as const;

/** 借款合同 (债权债务). */
export const loanTemplates: TemplateSource[] = [
  {
    id: 201,
    category: 'loan',
    title: '个人借款合同',
    summary: '自然人之间的借款合同，约定金额、期限、利息、交付、还款、逾期责任和送达地址，条款完整。',
    updated: '2026-10-12',
    fields: [
      ...lenderBorrowerFields,
      { name: 'amountWords', label: '借款金额（大写）', kind: 'money' },
      { name: 'amount', label: '借款金额（小写）', kind: 'money' },
      { name: 'purpose', label: '借款用途' },
      { name: 'startDate', label: '借款期限起始日', kind: 'date' },
      { name: 'endDate', label: '借款期限届满日', kind: 'date' },
      { name: 'rate', label: '年利率', hint: '例如：3.65%；无息请填“0”' },
      { name: 'borrowerAccount', label: '借款人收款账户', max: 80, hint: '开户行及账号' },
      { name: 'lenderAccount', label: '出借人收款账户', max: 80 },
      { name: 'court', label: '管辖法院所在地', hint: '例如：甲方住所地' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      ${partiesAB}
      甲乙双方根据《中华人民共和国民法典》及相关法律规定，经平等协商，就乙方向甲方借款事宜订立本合同。
      § 借款金额与用途
      乙方向甲方借款人民币{{amountWords}}（¥{{amount}}元），用于{{purpose}}。未经甲方书面同意，乙方不得改变借款用途，不得将借款用于赌博等违法活动。
      § 借款期限
      借款期限自{{startDate}}起至{{endDate}}止。实际借款日以甲方将款项转入乙方账户之日为准。
      § 利息
      借款年利率为{{rate}}，按实际借款天数计息，利息于还本时一并支付。双方确认约定利率不超过合同成立时一年期贷款市场报价利率的四倍；利息不得预先在本金中扣除。
      § 借款交付
      甲方应于本合同签订后三日内将借款转入乙方账户：{{borrowerAccount}}。乙方收到款项后应出具收据或借条。
      § 还款
      乙方应于借款期限届满之日前将本金及利息转入甲方账户：{{lenderAccount}}。乙方可以提前还款，利息按实际借款期间计算。
      § 逾期责任
      乙方逾期还款的，自逾期之日起按本合同约定年利率计付逾期利息；未约定利息的，按合同成立时一年期贷款市场报价利率标准计付。甲方为实现债权支出的诉讼费、保全费、公告费、律师费等合理费用由乙方承担。
      § 通知与送达
      双方确认本合同首部所列电话及身份证记载的住址为有效送达地址，适用于催款通知及诉讼、仲裁文书的送达。一方变更的，应在变更后三日内书面通知对方，否则按原地址送达即视为送达。
      § 争议解决
      因本合同发生争议的，双方协商解决；协商不成的，向{{court}}人民法院提起诉讼。
      § 其他
      本合同自双方签字之日起生效，一式两份，双方各执一份，具有同等法律效力。
      @ 甲方（签字）：{{lender}}
      @ 乙方（签字）：{{borrower}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 202,
    category: 'loan',
    title: '借款合同（分期还款）',
    summary: '借款人按月分期归还本息的借款合同，约定每期金额、还款日和逾期加速到期条款。',
    updated: '2026-10-12',
    fields: [
      ...lenderBorrowerFields,
      { name: 'amountWords', label: '借款金额（大写）', kind: 'money' },
      { name: 'amount', label: '借款金额（小写）', kind: 'money' },
      { name: 'periods', label: '分期期数', max: 10, hint: '例如：12' },
      { name: 'monthly', label: '每期还款金额', kind: 'money' },
      { name: 'payDay', label: '每月还款日', max: 10, hint: '例如：10' },
      { name: 'firstDate', label: '首期还款日期', kind: 'date' },
      { name: 'rate', label: '年利率' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      ${partiesAB}
      § 借款金额
      乙方向甲方借款人民币{{amountWords}}（¥{{amount}}元），年利率{{rate}}。甲方以银行转账方式交付，乙方收到后出具收条。
      § 分期还款安排
      乙方分{{periods}}期归还借款本息，每期还款人民币{{monthly}}元，于每月{{payDay}}日前支付，首期还款日为{{firstDate}}。最后一期按实际剩余本息结清。
      § 提前还款
      乙方可以提前归还全部或部分借款，提前还款的，利息按实际占用天数计算，甲方不得收取违约金。
      § 逾期与加速到期
      乙方任何一期逾期超过十五日，或累计两期未按时足额还款的，甲方有权宣布全部剩余借款立即到期，要求乙方一次性清偿剩余本金、已产生的利息及逾期利息。
      § 费用承担
      甲方为实现债权而支出的诉讼费、保全费、律师费、差旅费等合理费用由乙方承担。
      § 争议解决
      因本合同引起的争议，由双方协商解决；协商不成的，任何一方可向甲方住所地人民法院起诉。
      § 生效
      本合同自双方签字之日起生效，一式两份，双方各执一份。
      @ 甲方（签字）：{{lender}}
      @ 乙方（签字）：{{borrower}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 203,
    category: 'loan',
    title: '借款抵押合同',
    summary: '借款人以房产或车辆等财产为借款设定抵押，约定抵押物、担保范围和抵押登记，适合金额较大的借款。',
    updated: '2026-09-25',
    fields: [
      ...lenderBorrowerFields,
      { name: 'mortgagor', label: '抵押人姓名（借款人本人或第三人）' },
      { name: 'loanContract', label: '主借款合同名称及编号', max: 80 },
      { name: 'amount', label: '被担保的借款本金', kind: 'money' },
      {
        name: 'collateral',
        label: '抵押财产',
        kind: 'long',
        max: 300,
        hint: '名称、坐落、面积、权属证书编号等',
      },
      { name: 'value', label: '抵押财产评估或协商价值', kind: 'money' },
      { name: 'registerDate', label: '办理抵押登记的期限', kind: 'date' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      ${partiesAB}
      抵押人：{{mortgagor}}
      为担保乙方按时履行{{loanContract}}项下的还款义务，抵押人自愿以其有权处分的财产向甲方提供抵押担保，各方订立本合同。
      § 被担保的主债权
      被担保的主债权为甲方依据主借款合同向乙方出借的借款本金人民币{{amount}}元。
      § 抵押财产
      抵押财产为：{{collateral}}。双方协商确定抵押财产价值为人民币{{value}}元，该价值不作为甲方实现抵押权时的处分价格。
      § 担保范围
      抵押担保的范围包括主债权本金、利息、逾期利息、违约金、损害赔偿金以及实现债权和抵押权的费用。
      § 抵押登记
      抵押人应于{{registerDate}}前与甲方共同到不动产登记机构或车辆管理部门办理抵押登记，抵押权自登记时设立（动产抵押自合同生效时设立，未经登记不得对抗善意第三人）。登记费用由乙方承担。
      § 抵押期间的义务
      抵押期间，抵押人应妥善保管、合理使用抵押财产；未经甲方书面同意，不得转让、出租、赠与抵押财产或在其上设立其他担保。抵押财产价值明显减少的，甲方有权要求恢复原状或另行提供担保。
      § 抵押权的实现
      乙方到期未清偿债务的，甲方可以与抵押人协议以抵押财产折价，或者以拍卖、变卖该财产所得价款优先受偿；协议不成的，甲方可以请求人民法院拍卖、变卖抵押财产。
      § 争议解决
      因本合同发生的争议，由抵押财产所在地人民法院管辖。
      § 生效
      本合同自各方签字之日起生效，一式三份，各方各执一份，另一份用于办理抵押登记。
      @ 甲方（抵押权人）签字：{{lender}}
      @ 乙方（借款人）签字：{{borrower}}
      @ 抵押人签字：{{mortgagor}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 204,
    category: 'loan',
    title: '借款保证合同',
    summary: '第三人为借款人的借款提供保证担保，明确一般保证或连带责任保证、保证范围和保证期间。',
    updated: '2026-09-25',
    fields: [
      { name: 'creditor', label: '债权人（出借人）姓名' },
      { name: 'debtor', label: '债务人（借款人）姓名' },
      { name: 'guarantor', label: '保证人姓名' },
      { name: 'guarantorId', label: '保证人身份证号', max: 18 },
      { name: 'guarantorAddress', label: '保证人住址', max: 80 },
      { name: 'amount', label: '被担保的借款本金', kind: 'money' },
      { name: 'dueDate', label: '借款到期日', kind: 'date' },
      { name: 'mode', label: '保证方式', hint: '连带责任保证 或 一般保证' },
      { name: 'period', label: '保证期间', hint: '例如：主债务履行期限届满之日起六个月' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      债权人（甲方）：{{creditor}}
      保证人（乙方）：{{guarantor}}，身份证号：{{guarantorId}}，住址：{{guarantorAddress}}
      鉴于债务人{{debtor}}向甲方借款人民币{{amount}}元，借款到期日为{{dueDate}}，乙方自愿为该笔借款提供保证担保。双方订立本合同。
      § 保证方式
      乙方提供的保证方式为{{mode}}。约定为连带责任保证的，债务人到期未履行债务时，甲方可以直接要求乙方在保证范围内承担保证责任。
      § 保证范围
      保证范围包括借款本金、利息、逾期利息、违约金、损害赔偿金和甲方实现债权的费用（包括诉讼费、律师费等）。
      § 保证期间
      保证期间为{{period}}。甲方与债务人协商变更借款金额、期限的，应取得乙方书面同意，否则乙方对加重的部分不承担保证责任。
      § 乙方的声明
      乙方确认其具有完全民事行为能力和代偿能力，已充分了解债务人的借款情况，提供保证出于自愿。
      § 争议解决
      因本合同发生争议的，由甲方住所地人民法院管辖。
      § 生效
      本合同自双方签字之日起生效，一式两份，双方各执一份。
      @ 甲方（签字）：{{creditor}}
      @ 乙方（签字）：{{guarantor}}
      @ 签订日期：{{signDate}}
    `,
  },
];
