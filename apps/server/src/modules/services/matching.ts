import { type ServiceKind, ServiceOrderState } from '@lawline/contract';
import { regionData } from '@lawline/contract/regions';
import type { Q, ServiceOrderRow } from './repo.ts';

/** The kinds the lawyer side serves in this issue (docCheck, docDraft and video come later). */
export const LawyerServedKinds: readonly ServiceKind[] = ['faceConsult', 'lawyerLetter', 'lawsuit'];

/** What matching and the letter PDF need of a lawyer. */
export type ServiceLawyer = {
  id: number;
  user_id: number;
  real_name: string;
  lawyer_level: number | null;
  skill_field: string;
  law_firm: string;
  city: string;
  mobile: string;
  license_no: string | null;
};

const LAWYER_COLUMNS = [
  'id',
  'user_id',
  'real_name',
  'lawyer_level',
  'skill_field',
  'law_firm',
  'city',
  'mobile',
  'license_no',
] as const;

export async function lawyerByUserId(db: Q, userId: number): Promise<ServiceLawyer | undefined> {
  return db.selectFrom('lawyers').select(LAWYER_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

export async function lawyerById(db: Q, id: number): Promise<ServiceLawyer | undefined> {
  return db.selectFrom('lawyers').select(LAWYER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function allLawyers(db: Q): Promise<ServiceLawyer[]> {
  return db.selectFrom('lawyers').select(LAWYER_COLUMNS).orderBy('id').execute();
}

/** '北京市' → '北京', '广东省' → '广东': lawyers.city holds names without the suffix. */
export function bareCityName(name: string): string {
  return name.trim().replace(/(市|省)$/, '');
}

/** The city of a region code (a city code, or a county's city; a municipality's district → the city). */
export function cityNameOf(code: string | null): string | null {
  if (!code || !/^\d{6}$/.test(code)) return null;
  const city = regionData.city_list[`${code.slice(0, 4)}00`];
  return city ? bareCityName(city) : null;
}

export function hasField(lawyer: Pick<ServiceLawyer, 'skill_field'>, field: number): boolean {
  return lawyer.skill_field.split(',').includes(String(field));
}

/**
 * Whether the lawyer may take the order: face — the meeting's city, the field and a level at
 * least as good as the one chosen (1 著名 is best; a lawyer without a level 1–3 never); letter —
 * any lawyer; lawsuit — the field and the court's city.
 */
export function canServe(
  lawyer: ServiceLawyer,
  order: Pick<ServiceOrderRow, 'kind' | 'consult_field' | 'region_code' | 'level'>,
): boolean {
  switch (order.kind) {
    case 'faceConsult': {
      const level = lawyer.lawyer_level;
      return (
        level !== null &&
        level >= 1 &&
        level <= (order.level ?? 3) &&
        hasField(lawyer, order.consult_field) &&
        cityNameOf(order.region_code) === bareCityName(lawyer.city)
      );
    }
    case 'lawyerLetter':
      return true;
    case 'lawsuit':
      return (
        hasField(lawyer, order.consult_field) && cityNameOf(order.region_code) === bareCityName(lawyer.city)
      );
    default:
      return false;
  }
}

/** Orders waiting for a lawyer, oldest first (matching happens in code: the list is short). */
export async function arrangingOrders(db: Q): Promise<ServiceOrderRow[]> {
  return db
    .selectFrom('service_orders')
    .selectAll()
    .where('state', '=', ServiceOrderState.arranging)
    .where('kind', 'in', LawyerServedKinds)
    .orderBy('created_at')
    .orderBy('id')
    .limit(500)
    .execute();
}
