import {
  baseCardRights,
  type CardRightRule,
  MemberCardCode,
  MemberRight,
  ProductCode,
  ProductType,
  platinumCardRights,
  ServiceType,
  ThemedCards,
} from '@lawline/contract';
import type { Insertable } from 'kysely';
import type { MemberCardRightTable, MemberCardTable, ProductTable } from '../schema.ts';
import { placeholder } from './media.ts';

type ProductSeed = Omit<Insertable<ProductTable>, 'img'> & { color: string };

const productSeeds: readonly ProductSeed[] = [
  {
    code: ProductCode.phoneCall,
    name: '电话咨询',
    intro: '60秒连线专业律师，先咨询后付费，通话不满1分钟免费。',
    target_url: 'go_SubTel/7',
    service_type: ServiceType.tel,
    sale_price_fen: 600,
    discount_price_fen: null,
    discount_intro: '',
    unit: '元/分钟',
    sort: 1,
    color: '1F6FEB',
  },
  {
    code: ProductCode.docCheck,
    name: '合同审查',
    intro: '上传合同，执业律师逐条审查风险条款并给出修改意见，1-2个工作日出具审查结果。',
    target_url: 'go_CommitDoc',
    service_type: ServiceType.contractReview,
    sale_price_fen: 19900,
    discount_price_fen: 14900,
    discount_intro: '限时优惠，立省50元',
    unit: '元/份',
    sort: 2,
    color: '0EA5E9',
  },
  {
    code: ProductCode.docModule,
    name: '合同模板',
    intro: '律师起草的常用合同模板，涵盖租赁、借款、劳动、买卖等场景，导出到邮箱即可使用。',
    target_url: 'go_SubDoc/docModule',
    service_type: ServiceType.contractDown,
    sale_price_fen: 2900,
    discount_price_fen: null,
    discount_intro: '',
    unit: '元/份',
    sort: 3,
    color: '14B8A6',
  },
  {
    code: ProductCode.docDraft,
    name: '合同起草',
    intro: '根据您的交易情况由律师量身起草合同，明确权利义务，减少后续争议。',
    target_url: 'go_DraftDoc',
    service_type: ServiceType.doc,
    sale_price_fen: 59900,
    discount_price_fen: 49900,
    discount_intro: '新客首单立减100元',
    unit: '元/份',
    sort: 4,
    color: '6366F1',
  },
  {
    code: ProductCode.faceConsult,
    name: '见面咨询',
    intro: '预约本地律师当面沟通，梳理案情、分析证据、制定解决方案，会员享7折。',
    target_url: 'go_SubDoc/faceConsult',
    service_type: ServiceType.doc,
    sale_price_fen: 29900,
    discount_price_fen: null,
    discount_intro: '',
    unit: '元/小时',
    sort: 5,
    color: 'F59E0B',
  },
  {
    code: ProductCode.lawyerLetter,
    name: '律师函',
    intro: '以律师事务所名义向对方发出正式函件，催告履行、表明立场，常用于催款、维权和止损。',
    target_url: 'go_LawyerLetter',
    service_type: ServiceType.doc,
    sale_price_fen: 39900,
    discount_price_fen: 29900,
    discount_intro: '限时特惠',
    unit: '元/份',
    sort: 6,
    color: 'EF4444',
  },
  {
    code: ProductCode.lawsuit,
    name: '诉讼代理',
    intro: '律师全程代理诉讼：评估案情、准备材料、立案、出庭。先付订金，律师评估后确定最终报价。',
    target_url: 'go_SubDoc/lawsuit',
    service_type: ServiceType.doc,
    sale_price_fen: 99900,
    discount_price_fen: null,
    discount_intro: '',
    unit: '元起（订金）',
    sort: 7,
    color: '334155',
  },
];

export function productRows(): Insertable<ProductTable>[] {
  return productSeeds.map(({ color, ...row }) => ({
    ...row,
    img: placeholder(690, 300, row.name, color, 'ffffff'),
  }));
}

type CardSeed = Omit<Insertable<MemberCardTable>, 'img' | 'sort' | 'on_sale'> & { color: string };

const annual = ProductType.annualCard;

const timeCardSpecs: ReadonlyArray<
  readonly [code: string, label: string, days: number, price: number, original: number]
> = [
  [MemberCardCode.timeMonth, '月卡', 30, 4900, 9900],
  [MemberCardCode.timeQuarter, '季卡', 90, 12900, 29700],
  [MemberCardCode.timeHalfYear, '半年卡', 180, 22900, 59400],
  [MemberCardCode.timeYear, '年卡', 365, 39900, 118800],
];

const timeCards: readonly CardSeed[] = timeCardSpecs.map(([code, label, days, price, original]) => ({
  code,
  name: `电话咨询${label}`,
  kind: 'time',
  product_type: ProductType.timeCard,
  price_fen: price,
  original_price_fen: original,
  validity_days: days,
  theme_field: null,
  intro: `${days}天内不限次电话咨询，另享每年1次合同审查、见面咨询7折。`,
  color: '0EA5E9',
}));

const themedCards: readonly CardSeed[] = ThemedCards.map((card) => ({
  code: card.code,
  name: `${card.name}主题卡`,
  kind: 'theme',
  product_type: annual,
  price_fen: 9900,
  original_price_fen: 19900,
  validity_days: 365,
  theme_field: card.field,
  intro: `专为「${card.theme}」问题设计的年卡：一年内不限次电话咨询，另享1次合同审查、见面咨询7折。`,
  color: '7C3AED',
}));

const cardSeeds: readonly CardSeed[] = [
  {
    code: MemberCardCode.gold,
    name: '黄金会员卡',
    kind: 'gold',
    product_type: annual,
    price_fen: 29900,
    original_price_fen: 59900,
    validity_days: 365,
    theme_field: null,
    intro: '一年内不限次电话咨询，见面咨询享7折，每年1次合同审查。',
    color: 'D4A017',
  },
  {
    code: MemberCardCode.platinum,
    name: '铂金会员卡',
    kind: 'platinum',
    product_type: annual,
    price_fen: 99900,
    original_price_fen: 199900,
    validity_days: 365,
    theme_field: null,
    intro:
      '一年内不限次电话咨询，见面咨询享7折，每年3次合同审查、3次律师函，' +
      '并享每年1次免费诉讼代理（民事案件被告方，标的额30万元以内，90天等待期后可用）。',
    color: '64748B',
  },
  ...timeCards,
  ...themedCards,
  {
    code: MemberCardCode.articleClub,
    name: '律线悦读会员卡',
    kind: 'club',
    product_type: annual,
    price_fen: 1990,
    original_price_fen: 3990,
    validity_days: 365,
    theme_field: null,
    intro: '畅读律师专栏与专题文章，首页解锁会员专属资讯；同享不限次电话咨询、1次合同审查、见面咨询7折。',
    color: '0E9F6E',
  },
];

export function memberCardRows(): Insertable<MemberCardTable>[] {
  return cardSeeds.map(({ color, ...row }, index) => ({
    ...row,
    img: placeholder(690, 400, row.name, color, 'ffffff'),
    sort: index + 1,
    on_sale: 1,
  }));
}

function rightNote(rule: CardRightRule): string {
  if (rule.note) return rule.note;
  switch (rule.right) {
    case MemberRight.phoneUnlimited:
      return '会员有效期内不限次电话咨询';
    case MemberRight.faceDiscount:
      return `见面咨询按原价${(rule.pricePercent ?? 100) / 10}折`;
    case MemberRight.docReview:
      return `每年${rule.perYear ?? '不限'}次合同审查`;
    case MemberRight.lawyerLetter:
      return `每年${rule.perYear ?? '不限'}次律师函`;
    case MemberRight.lawsuitAgency:
      return `每年${rule.perYear ?? '不限'}次诉讼代理`;
  }
}

/**
 * Rights per card: platinum carries the contract's platinumCardRights (a superset of the base
 * rights with larger counts), every other card the baseCardRights.
 */
export function memberCardRightRows(): Insertable<MemberCardRightTable>[] {
  return cardSeeds.flatMap((card) =>
    (card.code === MemberCardCode.platinum ? platinumCardRights : baseCardRights).map((rule) => ({
      card_code: card.code,
      right_code: rule.right,
      per_year: rule.perYear,
      price_percent: rule.pricePercent ?? null,
      waiting_days: rule.waitingDays ?? null,
      cap_fen: rule.capFen ?? null,
      note: rightNote(rule),
    })),
  );
}
