import { randomUUID } from 'node:crypto';
import { type PageName, Pages, pageNames, TabBar } from '@lawline/contract';
import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { isBuilt } from '../../apps/web/src/app/page-modules.ts';
import type { RunningServer } from './harness.ts';
import {
  apiData,
  callApi,
  finishGuide,
  lawyerLoginByApi,
  loginByApi,
  newMobile,
  payOrder,
  skipGuide,
} from './session-helpers.ts';

/**
 * Every page of the H5 app with the parameters a browser test opens it with (issue 23: the width
 * sweep, style isolation, contrast). The list is keyed by the contract's page names, so a page added
 * there does not typecheck until it gets its entry here; `isBuilt` (the app's page modules) says
 * which are real pages and which still show 功能建设中.
 */

/** Seeded and test-made data the pages need: ids of things that exist, orders in known states. */
export type SweepData = {
  token: string;
  mobile: string;
  lawyer: { id: number; userId: number };
  /** A lawyer with a lecture page (LecturerInfo). */
  lecturerId: number;
  caseId: number;
  instituteId: number;
  videoId: number;
  articleId: number;
  /** A call order the person paid (PaySuccess, TelDetail, LawyerEvaluation). */
  paidOrderId: string;
  /** A call order whose call ended and is not paid yet (Payment, PhoneWaiting). */
  unpaidOrderId: string;
  /** An unpaid product order: a gold card (ServiceOrder). */
  productOrderId: string;
  /** Another person, whose consult a lawyer has accepted and not called yet (status 2). */
  waiting: { token: string; orderId: string };
  /** A third person, paying: the payment is started and not confirmed (status 3). */
  paying: { token: string; orderId: string };
  /** The workbench session of the lawyer who took `waiting` (SWEEP_LAWYER_MOBILE). */
  lawyerToken: string;
  /** Service orders (issue 14) of the main person, in the states their pages show most. */
  services: ServiceSweepOrders;
};

/** Service orders of one person, each left where the sandbox autopilot waits for the person. */
export type ServiceSweepOrders = {
  /** A paid face consultation: the lawyer proposed a time and place (确认时间 / 申请改期). */
  faceOrderId: string;
  /** A face consultation held: waits for the person's evaluation (OrderEvaluate). */
  heldFaceOrderId: string;
  /** A lawyer letter not paid yet: still editable, and its Payment page. */
  unpaidLetterId: string;
  /** A paid letter with the lawyer's first draft (同意定稿 / 要求修改). */
  draftLetterId: string;
  /** A lawsuit the lawyer quoted: the quote, and the entrustment to sign. */
  quotedLawsuitId: string;
};

/** Whose session a logged-in visit uses (the main person's unless said). */
export type VisitUser = 'main' | 'waiting' | 'paying';

/** One visit of the sweep: `route` is what follows `#/`. */
export type PageVisit = {
  name: PageName;
  route: string;
  /** Built page (else the placeholder that says 功能建设中). */
  built: boolean;
  /** The page moves on by itself (a redirect): audit it as soon as it shows. */
  immediate?: boolean;
  /** Logged in, the visit is made as this person. */
  user?: VisitUser;
};

type Visit = { route: string; immediate?: boolean; user?: VisitUser };
type RouteOf = (d: SweepData) => string | string[] | Visit;

/** Each page's routes. Several for a page that shows different things by parameter. */
const routes: Record<PageName, RouteOf> = {
  Home: () => 'Home',
  Hello: () => 'Hello',
  UserInfo: () => 'UserInfo',
  User: () => 'User',
  VideoDetail: (d) => `VideoDetail/${d.videoId}`,
  MemberRights: () => 'MemberRights',
  UpdateUserInfo: () => 'UpdateUserInfo',
  UpdatePhone: () => 'UpdatePhone',
  CommitDoc: () => 'CommitDoc',
  DocModule: () => 'DocModule',
  CommitDocDetail: () => 'CommitDocDetail/1',
  CommitDocDetailEdit: () => 'CommitDocDetailEdit/1',
  OrderList: () => ['OrderList', 'OrderList?index=1'],
  TelDetail: (d) => [`TelDetail/${d.paidOrderId}`, `TelDetail/${d.unpaidOrderId}`],
  DocDetail: () => 'DocDetail/1',
  DraftDetail: () => 'DraftDetail/1',
  ModuleDetail: () => 'ModuleDetail/101',
  // The spec's shortcuts land here with a service key: the key must never show.
  SubDoc: (d) => serviceRoutes.SubDoc(d.services),
  OrderEvaluate: (d) => serviceRoutes.OrderEvaluate(d.services),
  LetterDetail: (d) => serviceRoutes.LetterDetail(d.services),
  LawsuitDetail: (d) => serviceRoutes.LawsuitDetail(d.services),
  FaceDetail: (d) => serviceRoutes.FaceDetail(d.services),
  Coupon: () => ['Coupon', 'Coupon?tab=used'],
  TimeCard: () => 'TimeCard/MC15001',
  TimesCard: () => 'TimesCard',
  // A phone consult's coupons are chosen for its order (the app links so); a card's before ordering.
  ChooseCoupon: (d) => [`ChooseCoupon/SC17001?orderId=${d.unpaidOrderId}`, 'ChooseCoupon/MC19001'],
  MemberCard: () => 'MemberCard',
  ProductInfo: () => 'ProductInfo/SC17001',
  SingleCard: () => 'SingleCard/MC20001',
  ACard: () => 'ACard',
  BCard: () => 'BCard',
  Cards: () => 'Cards',
  BuyCard: () => 'BuyCard/MC19001',
  SubTel: () => ['SubTel/2', 'SubTel/1'],
  Lawsuit: (d) => serviceRoutes.Lawsuit(d.services),
  LawyerLetter: (d) => serviceRoutes.LawyerLetter(d.services),
  LawyerLetterDetail: (d) => serviceRoutes.LawyerLetterDetail(d.services),
  LawyerLetterDetailEdit: (d) => serviceRoutes.LawyerLetterDetailEdit(d.services),
  MeetConsult: (d) => serviceRoutes.MeetConsult(d.services),
  DraftDoc: () => 'DraftDoc',
  PhoneWaiting: (d) => ({ route: `PhoneWaiting/${d.waiting.orderId}`, user: 'waiting' }),
  // A phone consult's bill, and a service order's (its kind rides along).
  Payment: (d) => [`Payment/${d.unpaidOrderId}`, `Payment/${d.services.unpaidLetterId}/lawyerLetter`],
  UnLinkReason: () => 'UnLinkReason',
  UnLinkResearch: () => 'UnLinkResearch',
  ServiceOrder: (d) => `ServiceOrder/${d.productOrderId}`,
  ServiceMall: () => 'ServiceMall',
  Lawyer: () => 'Lawyer',
  Information: (d) => ['Information', `Information/${d.articleId}`],
  LawyerWaiting: (d) => ({ route: `LawyerWaiting/${d.waiting.orderId}`, user: 'waiting' }),
  PayWaiting: (d) => ({ route: `PayWaiting/${d.paying.orderId}`, user: 'paying' }),
  PaySuccess: (d) => `PaySuccess/${d.paidOrderId}`,
  LawyerEvaluation: (d) => `LawyerEvaluation/${d.paidOrderId}`,
  LawyerInfo: (d) => `LawyerInfo/${d.lawyer.id}/${d.lawyer.userId}`,
  CaseDetail: (d) => `CaseDetail/${d.caseId}`,
  CheckTime: (d) => `CheckTime/${d.paidOrderId}`,
  PrivateLawyer: () => 'PrivateLawyer',
  PrivateInfo: (d) => `PrivateInfo/${d.lawyer.id}`,
  PostersHaibao: () => 'PostersHaibao',
  PostersThr: () => 'PostersThr',
  Message: () => 'Message',
  VideoList: () => 'VideoList',
  Video: (d) => `Video/${d.videoId}`,
  VideoOrder: () => 'VideoOrder/1',
  VideoShowOrCancel: () => 'VideoShowOrCancel/1',
  // The landing of a scanned poster opens its page after a moment.
  PostersRedict: () => ({ route: 'PostersRedict/Lawyer', immediate: true }),
  Institute: () => 'Institute',
  InstituteInfo: (d) => `InstituteInfo/${d.instituteId}`,
  CheckLawyer: () => 'CheckLawyer',
  LawAndPrivate: () => 'LawAndPrivate',
  LawyerForInfo: (d) => `LawyerForInfo/${d.lawyer.id}`,
  LecturerInfo: (d) => `LecturerInfo/${d.lecturerId}`,
  Institute4Info: (d) => `Institute4Info/${d.instituteId}`,
  LawWithPrivate: () => 'LawWithPrivate',
  LawAndPrivateYj: () => 'LawAndPrivateYj',
  LawAndPrivatePa: () => 'LawAndPrivatePa',
  LawyerPaInfo: (d) => `LawyerPaInfo/${d.lawyer.id}`,
  ErrPage: () => 'ErrPage',
};

/** The service-order pages (issue 14) and their routes; also the axe check of tests/e2e/services.test.ts. */
export const servicePageNames = [
  'SubDoc',
  'MeetConsult',
  'FaceDetail',
  'LawyerLetter',
  'LawyerLetterDetail',
  'LawyerLetterDetailEdit',
  'LetterDetail',
  'Lawsuit',
  'LawsuitDetail',
  'OrderEvaluate',
] as const satisfies readonly PageName[];
export type ServicePageName = (typeof servicePageNames)[number];

export const serviceRoutes: Record<ServicePageName, (o: ServiceSweepOrders) => string | string[]> = {
  SubDoc: () => ['SubDoc/faceConsult', 'SubDoc/docModule', 'SubDoc/lawsuit'],
  MeetConsult: () => 'MeetConsult',
  FaceDetail: (o) => `FaceDetail/${o.faceOrderId}`,
  LawyerLetter: () => 'LawyerLetter',
  LawyerLetterDetail: () => 'LawyerLetterDetail',
  LawyerLetterDetailEdit: (o) => `LawyerLetterDetailEdit/${o.unpaidLetterId}`,
  LetterDetail: (o) => [`LetterDetail/${o.unpaidLetterId}`, `LetterDetail/${o.draftLetterId}`],
  Lawsuit: () => 'Lawsuit',
  // The order with its quote, and the entrustment to read and sign.
  LawsuitDetail: (o) => [`LawsuitDetail/${o.quotedLawsuitId}`, `LawsuitDetail/${o.quotedLawsuitId}/entrust`],
  OrderEvaluate: (o) => `OrderEvaluate/${o.heldFaceOrderId}/faceConsult`,
};

/** Every visit, in the contract's page order. */
export function pageVisits(data: SweepData): PageVisit[] {
  return pageNames.flatMap((name) => {
    const r = routes[name](data);
    const list =
      typeof r === 'string' ? [{ route: r }] : Array.isArray(r) ? r.map((route) => ({ route })) : [r];
    return list.map((v) => ({ name, built: isBuilt(name), ...v }));
  });
}

/** An overlay is open (a popup, a dialog, a mask). */
export function overlayOpen(): boolean {
  return [...document.querySelectorAll('.adm-mask, .adm-popup-body, .adm-center-popup-wrap')].some((el) =>
    el.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
  );
}

/** The visits of built pages only. */
export const builtVisits = (data: SweepData) => pageVisits(data).filter((v) => v.built);

export const isTabPage = (name: string) => TabBar.some((t) => t.page === name);

/** Status of a call order as the person's app reads it. */
async function callStatus(server: RunningServer, token: string, orderId: string): Promise<number> {
  const json = await callApi<{ status: number }>(server, 'order/callOrderDetail', {
    query: { orderId },
    token,
  });
  if (json.code !== 0) throw new Error(`callOrderDetail ${orderId}: ${json.msg}`);
  return json.data.status;
}

async function waitForStatus(
  server: RunningServer,
  token: string,
  orderId: string,
  done: (status: number) => boolean,
): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await callStatus(server, token, orderId);
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`order ${orderId} stays at status ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function createCallOrder(server: RunningServer, token: string, consultField: number): Promise<string> {
  const created = await callApi<{ orderId: string | null; unpaidOrderId: string | null }>(
    server,
    'order/createCallOrder',
    { body: { consultField, userRemark: '公司拖欠三个月工资，应该怎么维权？' }, token },
  );
  const orderId = created.data?.orderId;
  if (created.code !== 0 || !orderId) throw new Error(`createCallOrder: ${created.msg}`);
  return orderId;
}

/** A consult the autopilot lawyer takes and ends; the order then waits for payment (status 5). */
async function endedCallOrder(server: RunningServer, token: string, consultField: number): Promise<string> {
  const orderId = await createCallOrder(server, token, consultField);
  await waitForStatus(server, token, orderId, (s) => s === 5);
  return orderId;
}

/** A seeded lawyer of field 2 (婚姻继承), who takes the consult of SweepData.waiting. */
export const SWEEP_LAWYER_MOBILE = '17000010002';

/**
 * Server settings the page tests need: the sandbox autopilot lawyer answers soon and the simulated
 * 95-second call ends within a second, so a test gets ended orders in a few seconds; the wait before
 * it answers leaves a real (API) lawyer time to take an order first.
 */
export const SWEEP_SERVER_ENV = {
  SANDBOX_AUTOPILOT: '1',
  AUTOPILOT_ACCEPT_MS: '1500',
  AUTOPILOT_CALL_MS: '300',
  JOBS_POLL_MS: '100',
};

/** A consult a real (API) lawyer accepts before the autopilot does: it stays at status 2. */
async function acceptedCallOrder(
  server: RunningServer,
  token: string,
): Promise<{ orderId: string; lawyerToken: string }> {
  const lawyer = await lawyerLoginByApi(server, SWEEP_LAWYER_MOBILE);
  const online = await callApi(server, 'lawyer/presence', { body: { status: 'online' }, token: lawyer });
  if (online.code !== 0) throw new Error(`lawyer/presence: ${online.msg}`);
  const orderId = await createCallOrder(server, token, 2);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const offers = await callApi<Array<{ orderId: string }>>(server, 'lawyer/offers', { token: lawyer });
    if (offers.data?.some((o) => o.orderId === orderId)) break;
    if (Date.now() > deadline) throw new Error(`the lawyer got no offer of ${orderId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const accepted = await callApi(server, 'lawyer/offer/accept', { body: { orderId }, token: lawyer });
  if (accepted.code !== 0) throw new Error(`lawyer/offer/accept: ${accepted.msg}`);
  await waitForStatus(server, token, orderId, (s) => s === 2);
  return { orderId, lawyerToken: lawyer };
}

type ServiceView = Pick<ServiceOrderDetail, 'state' | 'actions'> & {
  letter: { stage: string | null } | null;
};

async function serviceDetail(
  server: RunningServer,
  token: string,
  path: string,
  orderId: string,
): Promise<ServiceView> {
  const json = await callApi<ServiceView>(server, path, { query: { orderId }, token });
  if (json.code !== 0) throw new Error(`${path} ${orderId}: ${json.msg}`);
  return json.data;
}

/** Polls a service order until `done` (the autopilot lawyer moves it on its compressed clock). */
async function waitForService(
  server: RunningServer,
  token: string,
  path: string,
  orderId: string,
  done: (view: ServiceView) => boolean,
): Promise<void> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const view = await serviceDetail(server, token, path, orderId);
    if (done(view)) return;
    if (Date.now() > deadline) throw new Error(`service order ${orderId} stays at ${view.state}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function createServiceOrder(
  server: RunningServer,
  token: string,
  path: string,
  body: object,
): Promise<string> {
  const created = await callApi<{ orderId: string }>(server, path, {
    body: { requestId: randomUUID(), ...body },
    token,
  });
  if (created.code !== 0) throw new Error(`${path}: ${created.msg}`);
  return created.data.orderId;
}

/** yyyy-mm-dd in Beijing, `days` from today. */
function beijingDate(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const FACE = 'order/lawyerFaceOrder';
const LETTER = 'order/lawLetterOrder';
const LAWSUIT = 'order/lawsuitOrder';

const faceOrder = {
  regionCode: '110100',
  consultField: 5,
  level: 3,
  preferredDates: [beijingDate(2), beijingDate(3)],
  description: '公司拖欠三个月工资，想当面请律师看看劳动合同，商量仲裁怎么准备。',
  contactName: '张先生',
};
const letterOrder = (mobile: string) => ({
  sender: { name: '王小明', phone: mobile, address: '北京市朝阳区建国路88号1号楼101室' },
  recipient: { name: '李建国', phone: '13800138000', address: '上海市浦东新区世纪大道100号2号楼' },
  facts: '2024年3月5日，李建国向我借款人民币伍万元，约定当年12月31日前归还，有借条为证，至今未还。',
  demands: '十五日内归还借款伍万元及逾期利息',
  deadline: beijingDate(15),
  evidence: [],
});
const lawsuitOrder = {
  role: 'plaintiff',
  caseType: 'civil',
  consultField: 4,
  amount: 80000,
  courtRegionCode: '110100',
  facts: '2023年6月我把8万元借给同事周某，约定半年后归还，有借条和转账记录；到期后对方一直拖延不还。',
  evidence: [],
};

/**
 * Service orders of a person for the page tests (issue 14), made through the API and paid at the
 * sandbox cashier; the autopilot lawyer (SWEEP_SERVER_ENV) brings each to where it waits for the
 * person: a proposed meeting, a held one, a first draft, a quote. About 20 s, all at once.
 */
export async function prepareServiceOrders(
  server: RunningServer,
  user: { token: string; mobile: string },
): Promise<ServiceSweepOrders> {
  const { token } = user;
  const paid = async (path: string, body: object) => {
    const orderId = await createServiceOrder(server, token, path, body);
    await payOrder(server, token, orderId);
    return orderId;
  };
  const proposed = async () => {
    const orderId = await paid(FACE, faceOrder);
    await waitForService(server, token, `${FACE}/detail`, orderId, (v) => v.actions.confirmTime);
    return orderId;
  };
  const held = async () => {
    const orderId = await proposed();
    const confirmed = await callApi(server, 'order/serviceStep', {
      body: { orderId, action: 'confirmTime' },
      token,
    });
    if (confirmed.code !== 0) throw new Error(`serviceStep confirmTime: ${confirmed.msg}`);
    await waitForService(server, token, `${FACE}/detail`, orderId, (v) => v.actions.evaluate);
    return orderId;
  };
  const drafted = async () => {
    const orderId = await paid(LETTER, letterOrder(user.mobile));
    await waitForService(server, token, `${LETTER}/detail`, orderId, (v) => v.letter?.stage === 'draft_sent');
    return orderId;
  };
  const quoted = async () => {
    const orderId = await paid(LAWSUIT, lawsuitOrder);
    await waitForService(server, token, `${LAWSUIT}/detail`, orderId, (v) => v.state === 'quoted');
    return orderId;
  };
  const [faceOrderId, heldFaceOrderId, unpaidLetterId, draftLetterId, quotedLawsuitId] = await Promise.all([
    proposed(),
    held(),
    createServiceOrder(server, token, LETTER, letterOrder(user.mobile)),
    drafted(),
    quoted(),
  ]);
  return { faceOrderId, heldFaceOrderId, unpaidLetterId, draftLetterId, quotedLawsuitId };
}

/**
 * The data of the page tests: a logged-in person with a paid and an unpaid call order, a product
 * order and a private lawyer; a second person waiting for a lawyer's call; a third one paying.
 */
export async function prepareSweepData(server: RunningServer): Promise<SweepData> {
  const [user, waitingUser, payingUser] = await Promise.all(
    ['135', '133', '132'].map(async (prefix) => {
      const u = await loginByApi(server, newMobile(prefix));
      await finishGuide(server, u.token);
      return u;
    }),
  );
  if (!user || !waitingUser || !payingUser) throw new Error('login failed');
  type Lawyer = { id: number; userId: number; cases?: Array<{ id: number }> };
  const [lawyers, institutes, videos, articles] = await Promise.all([
    apiData<{ list: Lawyer[] }>(server, 'uc/lawyerInfo/page', { limit: 1 }),
    apiData<{ list: Array<{ id: number }> }>(server, 'institute/list', { limit: 1 }),
    apiData<{ list: Array<{ id: number; lawyer: { id: number } }> }>(server, 'video/list', { limit: 1 }),
    apiData<{ list: Array<{ id: number }> }>(server, 'content', { limit: 1 }),
  ]);
  const first = lawyers.list[0];
  const video = videos.list[0];
  const institute = institutes.list[0];
  const article = articles.list[0];
  if (!first || !video || !institute || !article) throw new Error('the seed lacks lawyers, videos, …');
  const profile = await apiData<Lawyer>(server, 'uc/lawyerInfo', { id: first.id });
  const caseId = profile.cases?.[0]?.id;
  if (!caseId) throw new Error(`lawyer ${first.id} has no case`);

  const added = await callApi(server, 'privateCounsel/add', {
    body: { lawyerId: first.id },
    token: user.token,
  });
  if (added.code !== 0) throw new Error(`privateCounsel/add: ${added.msg}`);
  const product = await callApi<{ orderId: string }>(server, 'order/createOrder', {
    body: { productCode: 'MC19001' },
    token: user.token,
  });
  if (product.code !== 0) throw new Error(`createOrder: ${product.msg}`);

  const [paidOrderId, payingOrderId] = await Promise.all([
    endedCallOrder(server, user.token, 5),
    endedCallOrder(server, payingUser.token, 1),
  ]);
  await payOrder(server, user.token, paidOrderId);
  const started = await callApi(server, 'pay/createPayOrder', {
    body: { payType: '1', orderId: payingOrderId },
    token: payingUser.token,
  });
  if (started.code !== 0) throw new Error(`createPayOrder: ${started.msg}`);
  const [unpaidOrderId, , , services] = await Promise.all([
    endedCallOrder(server, user.token, 2),
    waitForStatus(server, user.token, paidOrderId, (s) => s === 4),
    waitForStatus(server, payingUser.token, payingOrderId, (s) => s === 3),
    prepareServiceOrders(server, user),
  ]);
  // Last: while the lawyer is online, orders are offered to them first.
  const waiting = await acceptedCallOrder(server, waitingUser.token);

  return {
    token: user.token,
    mobile: user.mobile,
    lawyer: { id: first.id, userId: first.userId },
    lecturerId: video.lawyer.id,
    caseId,
    instituteId: institute.id,
    videoId: video.id,
    articleId: article.id,
    paidOrderId,
    unpaidOrderId,
    productOrderId: product.data.orderId,
    waiting: { token: waitingUser.token, orderId: waiting.orderId },
    paying: { token: payingUser.token, orderId: payingOrderId },
    lawyerToken: waiting.lawyerToken,
    services,
  };
}

/** Opens the app in a page: by URL the first time, then by hash changes (no reload). */
export async function openRoute(
  page: Page,
  baseUrl: string,
  route: string,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const url = `${baseUrl}/h5/gzh/#/${route}`;
  if (!page.url().startsWith(`${baseUrl}/h5/gzh/`)) {
    await page.goto(url);
    return;
  }
  if (options.fresh) {
    // A new document: going to the same URL but its hash would only change the hash.
    await page.evaluate((hash) => window.location.replace(hash), `#/${route}`);
    await page.reload();
    return;
  }
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/${route}`);
}

/**
 * Counts the page's requests in flight, so a test can wait for a quiet network after a hash change
 * (Playwright's networkidle is for loads only).
 */
export function trackRequests(page: Page): { inFlight: () => number; lastChange: () => number } {
  let count = 0;
  let changed = Date.now();
  const done = () => {
    count = Math.max(0, count - 1);
    changed = Date.now();
  };
  page.on('request', () => {
    count += 1;
    changed = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { inFlight: () => count, lastChange: () => changed };
}

/**
 * The page is shown and still: its root is there, no request has been in flight for `quietMs`, no
 * skeleton is showing, fonts are loaded and two frames have been drawn.
 */
export async function settlePage(
  page: Page,
  name: string,
  requests: ReturnType<typeof trackRequests>,
  options: { quietMs?: number; immediate?: boolean } = {},
): Promise<void> {
  try {
    await page.locator(`[data-page="${name}"]`).first().waitFor({ timeout: 10_000 });
  } catch {
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('[data-page]')]
        .filter((el) => el.checkVisibility())
        .map((el) => el.getAttribute('data-page'))
        .join(', '),
    );
    throw new Error(`[data-page="${name}"] did not show${shown ? ` (shows ${shown})` : ''}`);
  }
  await page.waitForFunction(() => !document.getElementById('splash'), undefined, { timeout: 10_000 });
  if (!options.immediate) {
    const quietMs = options.quietMs ?? 150;
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline) {
      if (requests.inFlight() === 0 && Date.now() - requests.lastChange() >= quietMs) break;
      await page.waitForTimeout(50);
    }
    await page
      .waitForFunction(
        () =>
          ![...document.querySelectorAll('.adm-skeleton, .adm-dot-loading, .adm-spin-loading')].some(
            (el) => (el as HTMLElement).offsetParent !== null,
          ),
        undefined,
        { timeout: 4_000 },
      )
      .catch(() => undefined);
  }
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        void document.fonts.ready.then(() =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        );
      }),
  );
  if (options.immediate) return;
  // antd-mobile's popups open with a spring of about 300 ms (JavaScript, not CSS animations): wait
  // until the boxes of the overlays and the page's first screen stop moving.
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __llLastBoxes?: string };
        const boxes = [
          ...document.querySelectorAll('.adm-popup-body, .adm-center-popup-wrap, .adm-mask, [data-page]'),
        ]
          .map((el) => {
            const r = el.getBoundingClientRect();
            return `${r.x},${r.y},${r.width},${r.height},${getComputedStyle(el).opacity}`;
          })
          .join(';');
        const still = boxes === w.__llLastBoxes;
        w.__llLastBoxes = boxes;
        return (
          still &&
          document
            .getAnimations()
            .every(
              (a) =>
                a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
            )
        );
      },
      undefined,
      { polling: 100, timeout: 3_000 },
    )
    .catch(() => undefined);
}

export { Pages };

/**
 * A phone context for the page sweeps: `width` wide, logged in with `token` (kept once set, so a
 * visit may switch to another person) or logged out with the new-user guide done.
 */
export async function sweepContext(
  browser: Browser,
  options: { width?: number; height?: number; scale?: number; token: string | null },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
    deviceScaleFactor: options.scale ?? 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  if (options.token) {
    await context.addInitScript((t) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', t);
    }, options.token);
  } else await skipGuide(page);
  return { context, page };
}
