/** Timings, sizes and limits of spec §9. */
export const Timing = {
  bannerAutoplayMs: 4000,
  tickerAutoplayMs: 3000,
  toastMs: 1500,
  splashMs: 1000,
  requestTimeoutMs: 30_000,
  smsCountdownS: 60,
  heartbeatMs: 10_000,
  retryMs: 3000,
  cookieLifetimeDays: 30,
  phoneConnectPromiseS: 60,
  paidReloadMs: 1000,
} as const;

export const Limits = {
  codeMaxLength: 6,
  homeHotLawyers: 3,
  homeArticles: 2,
  articlePage: 1,
  articleLimit: 10,
  imageMaxPixels: 4_000_000,
  freePhoneSeconds: 60,
} as const;

export const Notices = {
  templateReview: '1-2个工作日',
  exportEmail: '3个工作日',
} as const;

export const Slogan = '60秒连线专业律师' as const;
