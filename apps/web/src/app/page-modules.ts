import type { PageName } from '@lawline/contract';
import type { ComponentType } from 'react';
import type { PageProps } from '../ui/page-placeholder.tsx';

export type PageComponent = ComponentType<PageProps>;
export type PageModule = { default: PageComponent };
export type PageLoader = () => Promise<PageModule>;

/**
 * Which module renders each page, loaded on demand. A feature replaces its placeholder by adding
 * its page here (`SubTel: () => import('../features/phone-consult/sub-tel-page.tsx')`).
 */
const builtPages: Partial<Record<PageName, PageLoader>> = {
  Home: () => import('../features/home/home-page.tsx'),
  ErrPage: () => import('../features/errors/err-page.tsx'),
  // Accounts (issue 3): 我的 and the account pages, notifications.
  User: () => import('../features/user/user-page.tsx'),
  UserInfo: () => import('../features/user/user-info-page.tsx'),
  UpdateUserInfo: () => import('../features/user/update-user-info-page.tsx'),
  UpdatePhone: () => import('../features/user/update-phone-page.tsx'),
  MemberRights: () => import('../features/user/member-rights-page.tsx'),
  UnLinkReason: () => import('../features/user/unlink-reason-page.tsx'),
  UnLinkResearch: () => import('../features/user/unlink-research-page.tsx'),
  Message: () => import('../features/messages/message-page.tsx'),
  // Browsing (issue 4): lawyers and experts, private counsel, information.
  Lawyer: () => import('../features/lawyers/lawyer-page.tsx'),
  LawyerInfo: () => import('../features/lawyers/lawyer-info-page.tsx'),
  LawyerForInfo: () => import('../features/lawyers/lawyer-info-page.tsx'),
  LawyerPaInfo: () => import('../features/lawyers/lawyer-info-page.tsx'),
  CaseDetail: () => import('../features/lawyers/case-detail-page.tsx'),
  CheckLawyer: () => import('../features/lawyers/check-lawyer-page.tsx'),
  LecturerInfo: () => import('../features/lawyers/lecturer-info-page.tsx'),
  LawAndPrivate: () => import('../features/lawyers/law-and-private-page.tsx'),
  LawAndPrivateYj: () => import('../features/lawyers/channel-lawyers-page.tsx'),
  LawAndPrivatePa: () => import('../features/lawyers/channel-lawyers-page.tsx'),
  LawWithPrivate: () => import('../features/lawyers/channel-lawyers-page.tsx'),
  PrivateLawyer: () => import('../features/lawyers/private-lawyer-page.tsx'),
  PrivateInfo: () => import('../features/lawyers/private-info-page.tsx'),
  Information: () => import('../features/information/information-page.tsx'),
  // Browsing (issue 4): catalogue and member cards, institutes, posters, videos.
  ServiceMall: () => import('../features/mall/service-mall-page.tsx'),
  ProductInfo: () => import('../features/mall/product-info-page.tsx'),
  MemberCard: () => import('../features/mall/member-card-page.tsx'),
  Cards: () => import('../features/mall/cards-page.tsx'),
  SingleCard: () => import('../features/mall/single-card-page.tsx'),
  ACard: () => import('../features/mall/single-card-page.tsx'),
  BCard: () => import('../features/mall/single-card-page.tsx'),
  TimeCard: () => import('../features/mall/time-card-page.tsx'),
  TimesCard: () => import('../features/mall/time-card-page.tsx'),
  Institute: () => import('../features/institutes/institute-page.tsx'),
  InstituteInfo: () => import('../features/institutes/institute-info-page.tsx'),
  Institute4Info: () => import('../features/institutes/institute4-info-page.tsx'),
  PostersHaibao: () => import('../features/posters/posters-page.tsx'),
  PostersThr: () => import('../features/posters/posters-page.tsx'),
  PostersRedict: () => import('../features/posters/posters-redirect-page.tsx'),
  VideoList: () => import('../features/videos/video-list-page.tsx'),
  Video: () => import('../features/videos/video-page.tsx'),
  // Phone consultation (issue 5): consult now, wait for the callback, pay, evaluate; orders.
  SubTel: () => import('../features/phone-consult/sub-tel-page.tsx'),
  PhoneWaiting: () => import('../features/phone-consult/phone-waiting-page.tsx'),
  LawyerWaiting: () => import('../features/phone-consult/phone-waiting-page.tsx'),
  // Phone orders ('T…') and service orders ('S…', issue 14) are paid here: app/pages composes both.
  Payment: () => import('./pages/payment-page.tsx'),
  PayWaiting: () => import('../features/phone-consult/pay-waiting-page.tsx'),
  PaySuccess: () => import('../features/phone-consult/pay-success-page.tsx'),
  LawyerEvaluation: () => import('../features/phone-consult/lawyer-evaluation-page.tsx'),
  TelDetail: () => import('../features/phone-consult/tel-detail-page.tsx'),
  OrderList: () => import('../features/phone-consult/order-list-page.tsx'),
  CheckTime: () => import('../features/phone-consult/check-time-page.tsx'),
  // Payments (issue 6): buying a card, product orders, coupons.
  BuyCard: () => import('../features/mall/buy-card-page.tsx'),
  ServiceOrder: () => import('../features/pay/service-order-page.tsx'),
  Coupon: () => import('../features/coupons/coupon-page.tsx'),
  // Service orders (issue 14): intros, forms, detail pages by kind, evaluation.
  // SubDoc composes the services' intros and the templates' (/SubDoc/docModule, issue 15).
  SubDoc: () => import('./pages/sub-doc-page.tsx'),
  MeetConsult: () => import('../features/services/meet-consult-page.tsx'),
  FaceDetail: () => import('../features/services/face-detail-page.tsx'),
  OrderEvaluate: () => import('../features/services/order-evaluate-page.tsx'),
  // Lawyer letters (issue 14): intro, form, edit, the order.
  LawyerLetter: () => import('../features/services/letter/lawyer-letter-page.tsx'),
  LawyerLetterDetail: () => import('../features/services/letter/lawyer-letter-detail-page.tsx'),
  LawyerLetterDetailEdit: () => import('../features/services/letter/lawyer-letter-detail-edit-page.tsx'),
  LetterDetail: () => import('../features/services/letter/letter-detail-page.tsx'),
  // Lawsuits (issue 14): the form and the order (with its entrustment view).
  Lawsuit: () => import('../features/services/lawsuit/lawsuit-page.tsx'),
  LawsuitDetail: () => import('../features/services/lawsuit/lawsuit-detail-page.tsx'),
  ChooseCoupon: () => import('../features/coupons/choose-coupon-page.tsx'),
  // Contract templates (issue 15): the list by category with search, a template and its export.
  DocModule: () => import('../features/templates/doc-module-page.tsx'),
  ModuleDetail: () => import('../features/templates/module-detail-page.tsx'),
};

const placeholder: PageLoader = () => import('../ui/page-placeholder.tsx');

export function pageLoader(name: PageName): PageLoader {
  return builtPages[name] ?? placeholder;
}

export function isBuilt(name: PageName): boolean {
  return name in builtPages;
}
