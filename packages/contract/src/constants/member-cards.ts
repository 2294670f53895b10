import { ProductType } from './codes.ts';

export const MemberCardCode = {
  gold: 'MC19001',
  platinum: 'MC19002',
  timeMonth: 'MC15001',
  timeQuarter: 'MC15002',
  timeHalfYear: 'MC15003',
  timeYear: 'MC15004',
  themeDebt: 'MC20001',
  themeMedical: 'MC20002',
  themeLabour: 'MC20003',
  themeInheritance: 'MC20004',
  themeMarriage: 'MC20005',
  themeProperty: 'MC20006',
  themeTraffic: 'MC20007',
  themeChild: 'MC20008',
  themeConsumer: 'MC20009',
  /** Members holding this card see the two extra article banner blocks on the home page. */
  articleClub: 'MC20026',
} as const;
export type MemberCardCode = (typeof MemberCardCode)[keyof typeof MemberCardCode];

/** Themed cards MC20001–20009 in the spec's order, each tied to the consult field it covers. */
export const ThemedCards = [
  { code: MemberCardCode.themeDebt, name: '守住财神', theme: '债权债务', field: 4 },
  { code: MemberCardCode.themeMedical, name: '医患无忧', theme: '医疗纠纷', field: 9 },
  { code: MemberCardCode.themeLabour, name: '职场达人', theme: '劳动人事', field: 5 },
  { code: MemberCardCode.themeInheritance, name: '一脉相承', theme: '遗产继承', field: 2 },
  { code: MemberCardCode.themeMarriage, name: '好心分手', theme: '婚姻家庭', field: 2 },
  { code: MemberCardCode.themeProperty, name: '买房装修', theme: '房产物业', field: 3 },
  { code: MemberCardCode.themeTraffic, name: '出入平安', theme: '交通出行', field: 1 },
  { code: MemberCardCode.themeChild, name: '宝贝计划', theme: '其他', field: 7 },
  { code: MemberCardCode.themeConsumer, name: '消费维权', theme: '消费维权', field: 6 },
] as const;

/** Legacy card codes and the card they now mean (spec §9). */
export const LegacyCardMapping: Readonly<Record<string, MemberCardCode>> = {
  MC19003: MemberCardCode.gold,
  MC19004: MemberCardCode.gold,
  MC19005: MemberCardCode.gold,
  MC18002: MemberCardCode.timeMonth,
  MC18003: MemberCardCode.timeMonth,
  MC18004: MemberCardCode.timeMonth,
};

export function canonicalCardCode(code: string): string {
  return LegacyCardMapping[code] ?? code;
}

/** Rights a card can carry (spec §6, §9). */
export const MemberRight = {
  phoneUnlimited: 'phoneUnlimited',
  faceDiscount: 'faceDiscount',
  docReview: 'docReview',
  lawyerLetter: 'lawyerLetter',
  lawsuitAgency: 'lawsuitAgency',
} as const;
export type MemberRight = (typeof MemberRight)[keyof typeof MemberRight];

export const MemberRightName: Record<MemberRight, string> = {
  phoneUnlimited: '不限次电话咨询',
  faceDiscount: '见面咨询7折',
  docReview: '合同审查',
  lawyerLetter: '律师函',
  lawsuitAgency: '诉讼代理',
};

export type CardRightRule = {
  right: MemberRight;
  /** Uses per year; null = unlimited. */
  perYear: number | null;
  /** Price ratio in percent for a discount right (70 = 70 % of the price). */
  pricePercent?: number;
  /** Days after purchase before the right can be used. */
  waitingDays?: number;
  /** Upper limit of the claim, in fen (lawsuit agency: 300,000 yuan). */
  capFen?: number;
  note?: string;
};

/** Every card: unlimited phone consultation, 1 document review a year, face at 70 % (spec §9). */
export const baseCardRights: readonly CardRightRule[] = [
  { right: MemberRight.phoneUnlimited, perYear: null },
  { right: MemberRight.docReview, perYear: 1 },
  { right: MemberRight.faceDiscount, perYear: null, pricePercent: 70 },
];

/** Platinum: 3 reviews, 3 letters, one free defendant civil lawsuit ≤ 300,000 yuan after waiting. */
export const platinumCardRights: readonly CardRightRule[] = [
  { right: MemberRight.phoneUnlimited, perYear: null },
  { right: MemberRight.docReview, perYear: 3 },
  { right: MemberRight.faceDiscount, perYear: null, pricePercent: 70 },
  { right: MemberRight.lawyerLetter, perYear: 3 },
  {
    right: MemberRight.lawsuitAgency,
    perYear: 1,
    waitingDays: 90,
    capFen: 300_000_00,
    note: '民事案件被告方，标的额30万元以内',
  },
];

export const CardProductType = ProductType;
