import type { TemplateSource } from './types.ts';

const spouses = `
  男方：{{husband}}，身份证号：{{husbandId}}，住址：{{husbandAddress}}
  女方：{{wife}}，身份证号：{{wifeId}}，住址：{{wifeAddress}}
`;
const spouseFields = [
  { name: 'husband', label: '男方姓名' },
  { name: 'husbandId', label: '男方身份证号', max: 18 },
  { name: 'husbandAddress', label: '男方住址', max: 80 },
  { name: 'wife', label: '女方姓名' },
  { name: 'wifeId', label: '女方身份证号', max: 18 },
  { name: 'wifeAddress', label: '女方住址', max: 80 },
  { name: 'marriageDate', label: '结婚登记日期', kind: 'date' },
  { name: 'registry', label: '结婚登记机关', max: 60 },
] as const;

/** 离婚协议 (婚姻家庭). */
export const divorceTemplates: TemplateSource[] = [
  {
    id: 801,
    category: 'divorce',
    title: '离婚协议书（有子女、有房产）',
    summary: '协议离婚时使用，约定子女抚养权、抚养费和探望权，房产、存款、车辆等共同财产分割及债务承担。',
    updated: '2026-10-30',
    fields: [
      ...spouseFields,
      { name: 'child', label: '子女姓名及出生日期', max: 60 },
      { name: 'custodian', label: '子女随哪一方生活', hint: '男方 / 女方' },
      { name: 'support', label: '每月抚养费（元）', kind: 'money' },
      { name: 'visit', label: '探望安排', kind: 'long', max: 300, hint: '例如：每月两次周末，寒暑假各十日' },
      {
        name: 'house',
        label: '房产及归属',
        kind: 'long',
        max: 300,
        hint: '坐落、产权证号、归哪一方、贷款谁还、补偿多少',
      },
      { name: 'deposits', label: '存款及其他财产分割', kind: 'long', max: 300 },
      { name: 'debts', label: '共同债务及承担', kind: 'long', max: 300, hint: '没有请写“无”' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      ${spouses}
      男女双方于{{marriageDate}}在{{registry}}登记结婚。因感情确已破裂，双方自愿离婚，经协商一致，依照《中华人民共和国民法典》婚姻家庭编的规定，订立本协议。
      § 离婚的意思表示
      男女双方自愿离婚，并共同到婚姻登记机关申请离婚登记。依照法律规定，自婚姻登记机关收到离婚登记申请之日起三十日内，任何一方不愿意离婚的，可以撤回申请。
      § 子女抚养
      婚生子女{{child}}由{{custodian}}直接抚养。另一方每月支付抚养费人民币{{support}}元，于每月五日前支付，至子女年满十八周岁止。子女的教育、医疗等重大支出超出正常范围的，双方协商分担。
      § 探望权
      不直接抚养子女的一方享有探望权，探望安排为：{{visit}}。直接抚养方应予协助，探望方应提前告知并保证子女安全。
      § 房产
      夫妻共同房产的处理：{{house}}。需办理房产变更登记的，双方应在离婚登记后三十日内共同办理，费用由取得房产的一方承担。
      § 存款及其他财产
      {{deposits}}。除本协议列明的财产外，双方各自名下的衣物、首饰等个人生活用品归各自所有。
      § 债务
      夫妻共同债务的处理：{{debts}}。除上述债务外，任何一方婚姻关系存续期间以个人名义所负的、未用于家庭共同生活的债务，由该方自行承担。
      § 隐匿财产的处理
      双方确认已如实申报全部夫妻共同财产。离婚后发现一方隐藏、转移、变卖、毁损夫妻共同财产或伪造夫妻共同债务的，另一方可以请求再次分割，隐匿方可以少分或不分。
      § 协议生效
      本协议自双方签字并经婚姻登记机关办理离婚登记之日起生效。未办理离婚登记的，本协议关于财产分割和子女抚养的约定不生效。
      § 其他
      本协议一式三份，男女双方各执一份，婚姻登记机关存档一份。
      @ 男方（签字）：{{husband}}
      @ 女方（签字）：{{wife}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 802,
    category: 'divorce',
    title: '离婚协议书（无子女）',
    summary: '没有子女的夫妻协议离婚时使用，重点约定共同财产、债务的分割和一方给予的经济帮助。',
    updated: '2026-10-30',
    fields: [
      ...spouseFields,
      { name: 'property', label: '共同财产分割', kind: 'long', max: 500 },
      { name: 'debts', label: '共同债务及承担', kind: 'long', max: 300, hint: '没有请写“无”' },
      { name: 'help', label: '经济帮助或补偿', kind: 'long', max: 200, optional: true, hint: '没有可不填' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      ${spouses}
      男女双方于{{marriageDate}}在{{registry}}登记结婚，婚后未生育子女。现双方自愿离婚，订立本协议。
      § 离婚
      双方自愿离婚，共同到婚姻登记机关申请离婚登记。
      § 共同财产分割
      双方婚姻关系存续期间的共同财产分割如下：{{property}}。
      § 债务承担
      {{debts}}。
      § 经济帮助
      {{help}}。
      § 财产交付
      需要转移占有或办理变更登记的财产，应在离婚登记之日起三十日内交付或办理完毕。
      § 如实申报
      双方确认已如实申报全部共同财产，隐匿、转移共同财产的一方应承担法律责任。
      § 生效
      本协议自双方签字并办理离婚登记之日起生效，一式三份，双方各执一份，婚姻登记机关存档一份。
      @ 男方（签字）：{{husband}}
      @ 女方（签字）：{{wife}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 803,
    category: 'divorce',
    title: '婚前财产协议',
    summary: '结婚前约定双方婚前财产的归属和婚后收入、房贷等财产关系，以书面形式明确，减少日后争议。',
    updated: '2026-09-14',
    fields: [
      { name: 'partyA', label: '甲方姓名' },
      { name: 'partyAId', label: '甲方身份证号', max: 18 },
      { name: 'partyB', label: '乙方姓名' },
      { name: 'partyBId', label: '乙方身份证号', max: 18 },
      { name: 'assetsA', label: '甲方婚前财产清单', kind: 'long', max: 500 },
      { name: 'assetsB', label: '乙方婚前财产清单', kind: 'long', max: 500 },
      {
        name: 'income',
        label: '婚后收入的约定',
        kind: 'long',
        max: 300,
        hint: '例如：婚后工资收入归共同所有',
      },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      甲方：{{partyA}}，身份证号：{{partyAId}}
      乙方：{{partyB}}，身份证号：{{partyBId}}
      甲乙双方即将登记结婚，依照《中华人民共和国民法典》第一千零六十五条关于夫妻财产约定的规定，自愿订立本协议。
      § 甲方婚前财产
      甲方的婚前个人财产包括：{{assetsA}}。上述财产及其在婚后产生的孳息和自然增值，归甲方个人所有。
      § 乙方婚前财产
      乙方的婚前个人财产包括：{{assetsB}}。上述财产及其在婚后产生的孳息和自然增值，归乙方个人所有。
      § 婚后收入
      {{income}}。
      § 婚前房产的婚后还贷
      一方婚前按揭购买的房屋，婚后用共同财产还贷的，离婚时对共同还贷部分及其对应的增值，由产权登记方对另一方进行补偿。
      § 债务
      双方各自婚前所负债务，由各自承担。
      § 对外效力
      本协议对双方具有法律约束力。一方对外所负债务，相对人知道本协议的，以该方的个人财产清偿。
      § 其他
      本协议一式两份，双方各执一份，自双方签字之日起成立，自双方登记结婚之日起生效。建议办理公证。
      @ 甲方（签字）：{{partyA}}
      @ 乙方（签字）：{{partyB}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 804,
    category: 'divorce',
    title: '子女抚养及探望协议',
    summary: '离婚后父母就子女的抚养、抚养费调整、探望方式、教育和医疗决定另行达成的协议。',
    updated: '2026-09-14',
    fields: [
      { name: 'father', label: '父亲姓名' },
      { name: 'mother', label: '母亲姓名' },
      { name: 'child', label: '子女姓名' },
      { name: 'birthDate', label: '子女出生日期', kind: 'date' },
      { name: 'custodian', label: '直接抚养方', hint: '父亲 / 母亲' },
      { name: 'support', label: '每月抚养费（元）', kind: 'money' },
      { name: 'visit', label: '探望安排', kind: 'long', max: 300 },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      父亲：{{father}}
      母亲：{{mother}}
      双方为子女{{child}}（出生日期：{{birthDate}}）的父母。为保障子女健康成长，双方就抚养和探望事宜达成如下协议。
      § 直接抚养
      子女由{{custodian}}直接抚养，子女的户口和学籍由直接抚养方负责办理。
      § 抚养费
      不直接抚养的一方每月支付抚养费人民币{{support}}元，于每月五日前转入直接抚养方账户，至子女年满十八周岁止。
      § 抚养费的调整
      因物价上涨、子女患病、上学等实际需要，原定抚养费不足以维持当地实际生活水平的，子女或直接抚养方可以要求适当增加。
      § 探望
      探望安排为：{{visit}}。探望方应按约定时间接送子女并保证其安全；直接抚养方不得无故阻挠探望。
      § 重大事项共同决定
      子女的择校、出国留学、重大手术等重大事项，双方应共同协商决定。
      § 变更抚养关系
      一方有不利于子女身心健康的行为，或子女年满八周岁表达了意愿的，双方可以协商变更抚养关系；协商不成的，可以向人民法院起诉。
      § 其他
      本协议一式两份，双方各执一份，自双方签字之日起生效。
      @ 父亲（签字）：{{father}}
      @ 母亲（签字）：{{mother}}
      @ 签订日期：{{signDate}}
    `,
  },
];
