import {
  arrangePromiseText,
  cancelRuleText,
  fenToYuan,
  MemberRight,
  ServiceKindFlow,
  ServiceKindProductCode,
  serviceFormStepIndex,
  serviceSteps,
} from '@lawline/contract';
import {
  FaceLevelPricePercent,
  type ServiceLevelPrice,
  type ServiceTerms,
  type ServiceTermsQuery,
} from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { PricingService } from '../payments/pricing.ts';
import { beijingDate, MembershipService } from '../users/membership.ts';
import { ServiceKindTitle } from './views.ts';

/** The kinds ordered through order/serviceTerms and the create endpoints of issue 14. */
export type OrderableKind = 'faceConsult' | 'lawyerLetter' | 'lawsuit';

/** What one person pays for a new service order, decided on the server. */
export type ServicePrice = {
  productCode: string;
  /** Before any card (face: of the level; lawsuit: the deposit). */
  priceFen: number;
  /** Due first before the card: the price or the deposit. */
  upFrontFen: number;
  memberDiscountFen: number;
  rightCode: string | null;
  rightCardId: number | null;
  /** Percent of the price paid: 100, 70 or 0. */
  rate: number;
  note: string;
};

/** What the lawsuit form says about the card's free agency (for the free-lawsuit decision). */
export type LawsuitCase = {
  role: 'plaintiff' | 'defendant';
  caseType: 'civil' | 'administrative' | 'criminal';
  amountFen: number;
};

const LEVEL_NAMES: Record<1 | 2 | 3, string> = { 1: '著名律师', 2: '专家律师', 3: '资深律师' };
const LEVELS = [1, 2, 3] as const;

/**
 * Prices of face consultations, lawyer letters and lawsuit deposits for one person, with the card
 * rights of spec §9 (PricingService): face at the level's price (FaceLevelPricePercent), 70 % for
 * card holders; a platinum card's 3 letters a year free; the free lawsuit for a defendant in a civil
 * case up to the cap, after the waiting period, once a year. Built over a query handle so a create
 * prices inside its own transaction (after the person's lock): two creates cannot both take the
 * last free use.
 */
export class ServicePricing {
  private readonly membership: MembershipService;
  private readonly pricing: PricingService;

  constructor(
    db: Db,
    private readonly clock: () => number,
  ) {
    this.membership = new MembershipService(db, clock);
    this.pricing = new PricingService(db, this.membership, clock);
  }

  async face(userId: number | null, level: 1 | 2 | 3): Promise<ServicePrice> {
    const base = await this.pricing.price(userId, ServiceKindProductCode.faceConsult);
    const priceFen = Math.round((base.priceFen * FaceLevelPricePercent[level]) / 100);
    const payFen = Math.round((priceFen * base.rate) / 100);
    return {
      productCode: base.productCode,
      priceFen,
      upFrontFen: priceFen,
      memberDiscountFen: priceFen - payFen,
      rightCode: base.rightCode,
      rightCardId: base.rightCardId,
      rate: base.rate,
      note: base.note,
    };
  }

  async letter(userId: number | null): Promise<ServicePrice> {
    const p = await this.pricing.price(userId, ServiceKindProductCode.lawyerLetter);
    return {
      productCode: p.productCode,
      priceFen: p.priceFen,
      upFrontFen: p.priceFen,
      memberDiscountFen: p.memberDiscountFen,
      rightCode: p.rightCode,
      rightCardId: p.rightCardId,
      rate: p.rate,
      note: p.note,
    };
  }

  /** The deposit; free (covered in full) when the case meets the card's lawsuit agency right. */
  async lawsuit(
    userId: number | null,
    c: LawsuitCase | null,
  ): Promise<ServicePrice & { freeNote: string | null }> {
    // Priced without the person: PricingService would apply the right without the case's conditions.
    const p = await this.pricing.price(null, ServiceKindProductCode.lawsuit);
    const deposit: ServicePrice = {
      productCode: p.productCode,
      priceFen: p.priceFen,
      upFrontFen: p.priceFen,
      memberDiscountFen: 0,
      rightCode: null,
      rightCardId: null,
      rate: 100,
      note: '',
    };
    if (userId === null) return { ...deposit, freeNote: null };
    const free = await this.freeLawsuit(userId, c);
    if (!free) return { ...deposit, freeNote: null };
    if (!free.covered) return { ...deposit, note: free.why, freeNote: free.note };
    return {
      ...deposit,
      memberDiscountFen: deposit.upFrontFen,
      rightCode: MemberRight.lawsuitAgency,
      rightCardId: free.cardId,
      rate: 0,
      note: free.why,
      freeNote: free.note,
    };
  }

  /**
   * The card's free lawsuit for this person: null without such a right; else whether this case is
   * covered, why (or why not), and the rule text for the form.
   */
  private async freeLawsuit(
    userId: number,
    c: LawsuitCase | null,
  ): Promise<{ covered: boolean; cardId: number; why: string; note: string } | null> {
    const cards = await this.membership.cardRights(userId, 'active');
    const today = beijingDate(this.clock());
    let best: { covered: boolean; cardId: number; why: string; note: string } | null = null;
    for (const card of cards) {
      const r = card.rights.find((x) => x.rightCode === MemberRight.lawsuitAgency);
      if (!r) continue;
      const capYuan = r.capYuan ?? 0;
      const rule = `${card.productName}免费诉讼代理：民事案件被告方，标的额${capYuan / 10_000}万元以内`;
      let why = '';
      if (r.availableFrom && r.availableFrom > today) why = `等待期至${r.availableFrom}`;
      else if (r.remaining !== null && r.remaining <= 0) why = '本年次数已用完';
      const status = why || (r.remaining === null ? '可使用' : `本年剩余${r.remaining}次`);
      const note = `${rule}（${status}）`;
      if (!why && c) {
        if (c.role !== 'defendant') why = '免费诉讼代理仅限被告方';
        else if (c.caseType !== 'civil') why = '免费诉讼代理仅限民事案件';
        else if (r.capYuan !== null && c.amountFen > Math.round(r.capYuan * 100))
          why = `标的额超过${capYuan / 10_000}万元，不适用免费诉讼代理`;
      }
      const covered = !why && c !== null;
      const candidate = {
        covered,
        cardId: card.id,
        why: covered ? `${card.productName}权益：免费诉讼代理` : why,
        note,
      };
      if (covered) return candidate;
      best ??= candidate;
    }
    return best;
  }

  /** order/serviceTerms: price, card, promise and refund rule before ordering. */
  async terms(userId: number | null, query: ServiceTermsQuery): Promise<ServiceTerms> {
    const kind = query.kind;
    const common = {
      kind,
      productCode: ServiceKindProductCode[kind],
      title: ServiceKindTitle[kind],
      steps: serviceSteps(kind)?.slice() ?? null,
      formStep: serviceFormStepIndex(kind),
      upFront: ServiceKindFlow[kind].upFront,
      arrangePromise: arrangePromiseText(kind),
      cancelRule: cancelRuleText(kind),
    };
    if (kind === 'faceConsult') {
      const level = (query.level ?? 3) as 1 | 2 | 3;
      const levels: ServiceLevelPrice[] = [];
      let chosen: ServicePrice | null = null;
      for (const l of LEVELS) {
        const p = await this.face(userId, l);
        if (l === level) chosen = p;
        levels.push({
          level: l,
          name: LEVEL_NAMES[l],
          price: fenToYuan(p.priceFen),
          needPayAmount: fenToYuan(p.priceFen - p.memberDiscountFen),
        });
      }
      const p = chosen as ServicePrice;
      return {
        ...common,
        price: fenToYuan(p.priceFen),
        needPayAmount: fenToYuan(p.priceFen - p.memberDiscountFen),
        rate: p.rate,
        rightNote: p.note,
        levels,
        freeLawsuitNote: null,
      };
    }
    if (kind === 'lawyerLetter') {
      const p = await this.letter(userId);
      return {
        ...common,
        price: fenToYuan(p.priceFen),
        needPayAmount: fenToYuan(p.priceFen - p.memberDiscountFen),
        rate: p.rate,
        rightNote: p.note,
        levels: [],
        freeLawsuitNote: null,
      };
    }
    // The case is not known yet: the deposit, and the card's rule for the form to show.
    const p = await this.lawsuit(userId, null);
    return {
      ...common,
      price: fenToYuan(p.priceFen),
      needPayAmount: fenToYuan(p.priceFen - p.memberDiscountFen),
      rate: p.rate,
      rightNote: p.freeNote ? '符合条件的案件由会员权益免除订金和律师费' : '',
      levels: [],
      freeLawsuitNote: p.freeNote,
    };
  }
}
