import { firstPage, type PageName, Pages, pageNames, type ServiceKind } from '@lawline/contract';
import { APP_BASE } from './base.ts';

/**
 * The one route registry (spec §2): every named page has the path `/{PageName}/:id?/:sub?` and a
 * route id equal to its name. Nothing else in the app concatenates route paths: build URLs here.
 */

/** The route pattern of a page, relative to the root route (no leading slash). */
export function routePattern(name: PageName): string {
  return `${name}/:id?/:sub?`;
}

export type PathParam = string | number | null | undefined;
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function query(params?: QueryParams): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `/Name`, `/Name/id` or `/Name/id/sub`, with an optional query string. */
export function pagePath(name: PageName, id?: PathParam, sub?: PathParam, params?: QueryParams): string {
  let path = `/${name}`;
  const hasId = id !== undefined && id !== null && id !== '';
  if (hasId) path += `/${encodeURIComponent(String(id))}`;
  if (hasId && sub !== undefined && sub !== null && sub !== '') path += `/${encodeURIComponent(String(sub))}`;
  return path + query(params);
}

export const paths = {
  root: '/',
  page: pagePath,
  home: () => pagePath(firstPage),
  errPage: () => pagePath('ErrPage'),
  user: () => pagePath('User'),
  orderList: (index?: number) => pagePath('OrderList', null, null, { index }),
  subTel: (consultField: number | string) => pagePath('SubTel', consultField),
  subDoc: (service: 'faceConsult' | 'docModule' | 'lawsuit' | (string & {})) => pagePath('SubDoc', service),
  phoneWaiting: (orderId: number | string) => pagePath('PhoneWaiting', orderId),
  telDetail: (orderId: number | string) => pagePath('TelDetail', orderId),
  payment: (orderId?: number | string) => pagePath('Payment', orderId),
  // Phone consultation (issue 5): the screens after 立即咨询, by order id.
  lawyerWaiting: (orderId: number | string) => pagePath('LawyerWaiting', orderId),
  /** `kind`: a service order's kind, so the page knows where the order is shown once paid. */
  payWaiting: (orderId: number | string, kind?: ServiceKind | null) => pagePath('PayWaiting', orderId, kind),
  paySuccess: (orderId: number | string) => pagePath('PaySuccess', orderId),
  lawyerEvaluation: (orderId: number | string) => pagePath('LawyerEvaluation', orderId),
  checkTime: (orderId?: number | string) => pagePath('CheckTime', orderId),
  chooseCoupon: (productCode: string) => pagePath('ChooseCoupon', productCode),
  lawyerInfo: (id: number | string, userId?: number | string) => pagePath('LawyerInfo', id, userId),
  videoOrder: (orderId: number | string, appointmentDate?: string) =>
    pagePath('VideoOrder', orderId, appointmentDate),
  coupon: () => pagePath('Coupon'),
  // Payments (issue 6): the coupon picker of the payment sheet, product orders, buying a card.
  /** ChooseCoupon for a product about to be ordered, or for an existing order of it. */
  chooseCouponFor: (productCode: string, orderId?: string | null) =>
    pagePath('ChooseCoupon', productCode, null, { orderId }),
  /** A product order ('P…'); `pay` opens the payment sheet at once. */
  serviceOrder: (orderId: string, options?: { pay?: boolean }) =>
    pagePath('ServiceOrder', orderId, null, { pay: options?.pay ? 1 : undefined }),
  lawyerLetter: () => pagePath('LawyerLetter'),
  // Service orders (issue 14): forms, detail pages by kind, paying and evaluating an 'S…' order.
  meetConsult: () => pagePath('MeetConsult'),
  lawsuit: () => pagePath('Lawsuit'),
  faceDetail: (orderId: string) => pagePath('FaceDetail', orderId),
  letterDetail: (orderId: string) => pagePath('LetterDetail', orderId),
  lawsuitDetail: (orderId: string) => pagePath('LawsuitDetail', orderId),
  /** LawsuitDetail's entrustment view: the full 委托代理合同 to read and sign. */
  lawsuitEntrust: (orderId: string) => pagePath('LawsuitDetail', orderId, 'entrust'),
  lawyerLetterDetail: () => pagePath('LawyerLetterDetail'),
  lawyerLetterDetailEdit: (orderId: string) => pagePath('LawyerLetterDetailEdit', orderId),
  /** The detail page of a service order of `kind` (the order list when the kind has none yet). */
  serviceDetail: (kind: ServiceKind | null | undefined, orderId: string) => {
    switch (kind) {
      case 'faceConsult':
        return pagePath('FaceDetail', orderId);
      case 'lawyerLetter':
        return pagePath('LetterDetail', orderId);
      case 'lawsuit':
        return pagePath('LawsuitDetail', orderId);
      default:
        return pagePath('OrderList');
    }
  },
  /** Payment of a service order ('S…'): the kind rides along (its detail endpoint and page). */
  servicePayment: (orderId: string, kind: ServiceKind, options?: { pay?: boolean }) =>
    pagePath('Payment', orderId, kind, { pay: options?.pay ? 1 : undefined }),
  orderEvaluate: (orderId: string, kind?: ServiceKind | null) => pagePath('OrderEvaluate', orderId, kind),
  commitDoc: () => pagePath('CommitDoc'),
  // Contract templates (issue 15): the list (category, search, field ride in the query), 我的导出
  // (tab 'exports'), a template.
  docModule: (filters?: {
    category?: string | null;
    q?: string | null;
    field?: number | null;
    tab?: 'exports';
  }) =>
    pagePath('DocModule', null, null, {
      tab: filters?.tab,
      field: filters?.field,
      category: filters?.category || undefined,
      q: filters?.q || undefined,
    }),
  moduleDetail: (templateId: number | string) => pagePath('ModuleDetail', templateId),
  draftDoc: () => pagePath('DraftDoc'),
  videoList: () => pagePath('VideoList'),
  // Browsing (issue 4): catalogue, lawyers, institutes, information, posters, videos.
  lawyer: () => pagePath('Lawyer'),
  caseDetail: (caseId: number | string) => pagePath('CaseDetail', caseId),
  checkLawyer: () => pagePath('CheckLawyer'),
  lecturerInfo: (lawyerId: number | string) => pagePath('LecturerInfo', lawyerId),
  lawyerForInfo: (lawyerId: number | string) => pagePath('LawyerForInfo', lawyerId),
  lawyerPaInfo: (lawyerId: number | string) => pagePath('LawyerPaInfo', lawyerId),
  privateLawyer: () => pagePath('PrivateLawyer'),
  privateInfo: (lawyerId: number | string) => pagePath('PrivateInfo', lawyerId),
  institute: () => pagePath('Institute'),
  instituteInfo: (instituteId: number | string) => pagePath('InstituteInfo', instituteId),
  institute4Info: (instituteId: number | string) => pagePath('Institute4Info', instituteId),
  /** The article list; `tag` (a tag name) and `q` (a search) preset its filters. */
  information: (filters?: { tag?: string; q?: string }) => pagePath('Information', null, null, filters),
  /** An article read in the app (over the kept-alive list, which keeps its scroll). */
  article: (articleId: number | string) => pagePath('Information', articleId),
  serviceMall: () => pagePath('ServiceMall'),
  productInfo: (productCode: string) => pagePath('ProductInfo', productCode),
  memberCard: () => pagePath('MemberCard'),
  cards: () => pagePath('Cards'),
  singleCard: (cardCode: string) => pagePath('SingleCard', cardCode),
  buyCard: (cardCode: string) => pagePath('BuyCard', cardCode),
  video: (videoId: number | string) => pagePath('Video', videoId),
  postersHaibao: () => pagePath('PostersHaibao'),
  postersThr: () => pagePath('PostersThr'),
} as const;

/** The Chinese title of a page (spec §2 names, titles from the contract). */
export function pageTitle(name: PageName): string {
  return Pages[name];
}

/** Every page name, in the contract's order. */
export const allPages: readonly PageName[] = pageNames;

/** The full-navigation address of the app's home (404 button, spec §2): `{origin}/h5/gzh/`. */
export function appHomeUrl(origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}${APP_BASE}`;
}
