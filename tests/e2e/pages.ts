import { type PageName, Pages, pageNames, TabBar } from '@lawline/contract';
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
  ModuleDetail: () => 'ModuleDetail/1',
  // The spec's shortcuts land here with a service key: the key must never show.
  SubDoc: () => ['SubDoc/faceConsult', 'SubDoc/docModule', 'SubDoc/lawsuit'],
  OrderEvaluate: () => 'OrderEvaluate/1',
  LetterDetail: () => 'LetterDetail/1',
  LawsuitDetail: () => 'LawsuitDetail/1',
  FaceDetail: () => 'FaceDetail/1',
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
  Lawsuit: () => 'Lawsuit',
  LawyerLetter: () => 'LawyerLetter',
  LawyerLetterDetail: () => 'LawyerLetterDetail/1',
  LawyerLetterDetailEdit: () => 'LawyerLetterDetailEdit/1',
  MeetConsult: () => 'MeetConsult',
  DraftDoc: () => 'DraftDoc',
  PhoneWaiting: (d) => ({ route: `PhoneWaiting/${d.waiting.orderId}`, user: 'waiting' }),
  Payment: (d) => `Payment/${d.unpaidOrderId}`,
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
  const [unpaidOrderId] = await Promise.all([
    endedCallOrder(server, user.token, 2),
    waitForStatus(server, user.token, paidOrderId, (s) => s === 4),
    waitForStatus(server, payingUser.token, payingOrderId, (s) => s === 3),
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
