import type { Generated } from 'kysely';

/**
 * Row types of every table. Times are epoch milliseconds (bigint in PostgreSQL, parsed back to
 * number), money is integer fen, booleans are 0/1 so both databases read the same.
 */
export interface Database {
  channels: ChannelTable;
  banners: BannerTable;
  activities: ActivityTable;
  lawyers: LawyerTable;
  lawyer_cases: LawyerCaseTable;
  institutes: InstituteTable;
  tax_advisors: TaxAdvisorTable;
  tags: TagTable;
  articles: ArticleTable;
  article_tags: ArticleTagTable;
  products: ProductTable;
  member_cards: MemberCardTable;
  member_card_rights: MemberCardRightTable;
  coupons: CouponTable;
  user_coupons: UserCouponTable;
  users: UserTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  sms_sends: SmsSendTable;
  rate_locks: RateLockTable;
  // Accounts centre (migration 0004)
  user_cards: UserCardTable;
  user_right_usage: UserRightUsageTable;
  user_real_names: UserRealNameTable;
  account_closures: AccountClosureTable;
  notifications: NotificationTable;
  wechat_oauth_codes: WeChatOauthCodeTable;
  wechat_states: WeChatStateTable;
  user_wechat: UserWeChatTable;
  wechat_tokens: WeChatTokenTable;
  institute_lawyers: InstituteLawyerTable;
  search_terms: SearchTermTable;
  channel_products: ChannelProductTable;
  private_counsel: PrivateCounselTable;
  lawyer_videos: LawyerVideoTable;
  channel_posters: ChannelPosterTable;
  // Phone consultation (migration 0005)
  call_orders: CallOrderTable;
  call_offers: CallOfferTable;
  call_records: CallRecordTable;
  evaluations: EvaluationTable;
  lawyer_presence: LawyerPresenceTable;
  jobs: JobTable;
  product_orders: ProductOrderTable;
  payments: PaymentTable;
  refunds: RefundTable;
  ledger_entries: LedgerEntryTable;
  sandbox_pay_trades: SandboxPayTradeTable;
  // Uploads (migration 0009)
  uploads: UploadTable;
  // Service orders (migration 0013)
  service_orders: ServiceOrderTable;
  service_events: ServiceEventTable;
  service_files: ServiceFileTable;
  // Contract templates (migration 0014)
  template_exports: TemplateExportTable;
}

export interface ChannelTable {
  key: string;
  channel_code: string;
  name: string;
  slogan: string;
  logo_url: string;
  primary_color: string;
  secondary_color: string;
  /** 1 page, 2 pop. */
  mode: number;
  /** Charge: '1' by count, '2' by time. */
  charge: string;
  price_fen: number;
  sort: number;
  /** Customer service number (0012). */
  service_phone: Generated<string>;
  /** 'HH:MM–HH:MM' Beijing (0012). */
  service_hours: Generated<string>;
}

export interface BannerTable {
  id: Generated<number>;
  channel_key: string;
  /** header | body | middle */
  place: string;
  /** 1–3 */
  banner_type: number;
  title: string;
  img: string;
  /** Link target: go_…, http…, ilawyer, show_coupon. */
  target: string;
  sort: number;
}

export interface ActivityTable {
  id: Generated<number>;
  channel_key: string;
  title: string;
  img: string;
  coupon_id: number | null;
  starts_at: number;
  ends_at: number;
}

export interface LawyerTable {
  id: Generated<number>;
  /** The lawyer's account id (lawyers log in to the workbench later). */
  user_id: number;
  real_name: string;
  face_url: string;
  /** 1 famous, 2 expert, 3 senior, 4 or null none. */
  lawyer_level: number | null;
  year_practice: number;
  /** Comma-separated consult field codes. */
  skill_field: string;
  law_firm: string;
  city: string;
  intro: string;
  /** Career report: free text paragraphs. */
  career_report: string;
  /** Masked-call target; never shown to consumers. */
  mobile: string;
  /** Channel-specific lists (zxyh, paky, yjjd); empty = general. */
  channel_tags: string;
  is_lecturer: number;
  hot_score: number;
  served_count: number;
  /** Average stars of rating_count evaluations (0010); each evaluation moves it. */
  rating: number;
  rating_count: Generated<number>;
  created_at: number;
  /** Practising licence number, 17 digits (0003); null until known. */
  license_no: string | null;
  /** 1 = accompanies clients to face-to-face meetings (uc/accompany/page) (0003). */
  accompany: Generated<number>;
}

export interface LawyerCaseTable {
  id: Generated<number>;
  lawyer_id: number;
  title: string;
  field: number;
  summary: string;
  content: string;
  result: string;
  case_date: string;
}

export interface InstituteTable {
  id: Generated<number>;
  name: string;
  logo_url: string;
  city: string;
  address: string;
  intro: string;
  lawyer_count: number;
  sort: number;
}

export interface TaxAdvisorTable {
  id: Generated<number>;
  real_name: string;
  face_url: string;
  title: string;
  year_practice: number;
  /** Comma-separated consult field codes (tax ones: 24, 44–50). */
  skill_field: string;
  organisation: string;
  intro: string;
  is_expert: number;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface ArticleTable {
  id: Generated<number>;
  subject: string;
  summary: string;
  /** Sanitised HTML body, or empty when the article lives at info_url. */
  content_html: string;
  info_url: string;
  h_cover_url: string;
  v_cover_url: string;
  reads_count: number;
  author: string;
  is_hot: number;
  created_at: number;
}

export interface ArticleTagTable {
  article_id: number;
  tag_id: number;
}

export interface ProductTable {
  code: string;
  name: string;
  intro: string;
  img: string;
  target_url: string;
  service_type: number;
  sale_price_fen: number;
  discount_price_fen: number | null;
  discount_intro: string;
  /** Unit text: 元/次, 元/份, … */
  unit: string;
  sort: number;
}

export interface MemberCardTable {
  code: string;
  name: string;
  /** gold | platinum | time | theme | club */
  kind: string;
  /** '3' time card, '2' annual (count) card. */
  product_type: string;
  price_fen: number;
  original_price_fen: number;
  validity_days: number;
  /** Consult field a themed card is about, else null. */
  theme_field: number | null;
  img: string;
  intro: string;
  sort: number;
  on_sale: number;
}

export interface MemberCardRightTable {
  id: Generated<number>;
  card_code: string;
  /** phoneUnlimited | faceDiscount | docReview | lawyerLetter | lawsuitAgency */
  right_code: string;
  /** Uses per year; null = unlimited. */
  per_year: number | null;
  price_percent: number | null;
  waiting_days: number | null;
  cap_fen: number | null;
  note: string;
}

export interface CouponTable {
  id: Generated<number>;
  name: string;
  /** 1 money (fen), 2 time (minutes), 3 times (count). */
  coupon_type: number;
  value: number;
  min_spend_fen: number;
  /** Comma-separated product codes it applies to; empty = any. */
  product_codes: string;
  valid_days: number;
  total: number;
  claimed: number;
  intro: string;
}

export interface UserTable {
  id: Generated<number>;
  mobile: string | null;
  nickname: string;
  avatar_url: string;
  channel_key: string;
  is_guide: number;
  created_at: number;
  updated_at: number;
  /** Set when the account was closed (personal data erased; the row stays for anonymised orders). */
  closed_at: number | null;
}

export interface SessionTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** consumer | lawyer (0005). */
  role: Generated<string>;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  /** login | changeMobile */
  purpose: string;
  /** HMAC-SHA256 of the code; the code itself is never stored. */
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export interface SmsSendTable {
  id: Generated<number>;
  mobile: string;
  ip: string;
  created_at: number;
}

export interface RateLockTable {
  key: string;
}

/** Lawyers who are members of an institute (0003). */
export interface InstituteLawyerTable {
  institute_id: number;
  lawyer_id: number;
  /** 首席专家 | 研究员 */
  role: string;
  sort: number;
}

/** How often each term was searched through `content` (0003). */
export interface SearchTermTable {
  /** Trimmed, lower-cased search text. */
  term: string;
  count: number;
  updated_at: number;
}

/** What a channel sells in its service mall (0003). */
export interface ChannelProductTable {
  id: Generated<number>;
  channel_key: string;
  /** product (products.code) | card (member_cards.code) */
  item_type: string;
  item_code: string;
  sort: number;
  recommended: number;
}

/** A person's private lawyers (0003). */
export interface PrivateCounselTable {
  id: Generated<number>;
  user_id: number;
  lawyer_id: number;
  created_at: number;
}

/** Lawyer videos (0003). The sample URLs are not playable: playable = 0. */
export interface LawyerVideoTable {
  id: Generated<number>;
  lawyer_id: number;
  title: string;
  cover_url: string;
  duration_s: number;
  /** Consult field the video is about. */
  field: number;
  description: string;
  video_url: string;
  playable: number;
  created_at: number;
}

/** Share posters per channel (0003). */
export interface ChannelPosterTable {
  id: Generated<number>;
  channel_key: string;
  /** share (PostersHaibao) | activity (PostersThr) */
  kind: string;
  title: string;
  subtitle: string;
  img: string;
  sort: number;
}

// --- Accounts centre (migration 0004) ---

/** A member card a user holds; active while starts_at <= now < expires_at and not ended. */
export interface UserCardTable {
  id: Generated<number>;
  user_id: number;
  /** As sold; may be a legacy code (map with canonicalCardCode). */
  card_code: string;
  starts_at: number;
  expires_at: number;
  source_order_id: number | null;
  created_at: number;
  ended_at: number | null;
  /** The product order ('P…') that bought it (0007); unique, so a card is granted once. */
  order_ref: Generated<string | null>;
}

/** One use of a counted right (document review, lawyer letter, lawsuit agency). */
export interface UserRightUsageTable {
  id: Generated<number>;
  user_id: number;
  user_card_id: number;
  right_code: string;
  order_id: number | null;
  used_at: number;
  /** The product order ('P…') that used it (0007). */
  order_ref: Generated<string | null>;
}

/** Verified real-name data (three elements); the ID number only encrypted and as a keyed hash. */
export interface UserRealNameTable {
  user_id: number;
  real_name: string;
  id_number_cipher: string;
  id_number_lookup: string;
  consent_at: number;
  created_at: number;
}

/** Closed accounts: no personal data, only the reason given. */
export interface AccountClosureTable {
  id: Generated<number>;
  user_id: number;
  reason: string | null;
  reason_text: string | null;
  closed_at: number;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  kind: string;
  created_at: number;
  read_at: number | null;
}

/** OAuth code → openid for 5 minutes, so a repeated code answers the same openid. */
export interface WeChatOauthCodeTable {
  code_hash: string;
  openid: string;
  created_at: number;
  expires_at: number;
}

/** OAuth state (CSRF) tokens: single use, 10 minutes. */
export interface WeChatStateTable {
  state_hash: string;
  user_id: number | null;
  router: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** SHA-256 of the cookie weixin/authorize set in the asking browser (0011). */
  browser_hash: string | null;
}

export interface UserWeChatTable {
  user_id: number;
  app_id: string;
  openid: string;
  created_at: number;
}

/** access_token / jsapi_ticket shared by every instance until shortly before they expire. */
export interface WeChatTokenTable {
  key: string;
  value: string;
  expires_at: number;
}

// --- Phone consultation (migration 0005) ---

/** A phone consultation; `state` follows the contract's CallOrderTransitions. */
export interface CallOrderTable {
  /** 'T' + yyyymmdd (Beijing) + 8 random characters. */
  id: string;
  user_id: number;
  channel_key: string;
  consult_field: number;
  user_remark: string;
  user_location: string;
  expect_time: string;
  state: string;
  lawyer_id: number | null;
  preferred_lawyer_id: number | null;
  continued_from: string | null;
  /** Charge '1' by count, '2' by time; the channel's at creation. */
  charge: string;
  unit_price_fen: number;
  billable_units: number | null;
  amount_fen: number | null;
  payable_fen: number | null;
  earnings_fen: number | null;
  free_reason: string | null;
  count_card_id: number | null;
  subs_id: string | null;
  secret_no: string | null;
  started_at: number | null;
  ended_at: number | null;
  duration_s: number | null;
  cancel_reason: string | null;
  closed_by: string | null;
  closed_at: number | null;
  promise_deadline: number;
  give_up_at: number | null;
  attempts: number;
  autopilot: number;
  created_at: number;
  updated_at: number;
  version: number;
  /** The lawyer asked for on their profile (lawyers.id; 0012). */
  requested_lawyer_id: number | null;
  /** waiting | accepted | released | expired | declined (0012). */
  request_state: string | null;
  /** Only the requested lawyer is offered the order until then (0012). */
  request_wait_until: number | null;
  /** A callback request (state scheduled) is dispatched then (0012). */
  scheduled_at: number | null;
}

export interface CallOfferTable {
  id: Generated<number>;
  order_id: string;
  lawyer_id: number;
  offered_at: number;
  expires_at: number;
  /** null while open; accepted | declined | expired | withdrawn */
  outcome: string | null;
  answered_at: number | null;
}

/** Final call records (SecretReport) keyed on the vendor's call_id: a replay inserts nothing. */
export interface CallRecordTable {
  call_id: string;
  order_id: string | null;
  sub_id: string | null;
  start_time: number | null;
  release_time: number | null;
  duration_s: number;
  connected: number;
  raw: string;
  received_at: number;
  applied_at: number | null;
}

export interface EvaluationTable {
  order_id: string;
  user_id: number;
  lawyer_id: number | null;
  stars: number;
  tag_ids: string;
  content: string;
  created_at: number;
}

export interface LawyerPresenceTable {
  lawyer_id: number;
  status: string;
  after_call: string;
  last_offer_at: number | null;
  updated_at: number;
}

/** Persisted timers: the poller runs the due ones; a restart loses none. */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  job_key: string | null;
  run_at: number;
  payload: string;
  locked_until: number | null;
  attempts: number;
  last_error: string | null;
  created_at: number;
  done_at: number | null;
}

export interface UserCouponTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  /** The campaign it was claimed from (one claim per person per campaign). */
  activity_id: number | null;
  claimed_at: number;
  expires_at: number;
  used_order_id: string | null;
  used_at: number | null;
}

// --- Payments, cards and refunds (migration 0007) ---

/** A member card or a service bought by product code ('P' + yyyymmdd + 8 characters). */
export interface ProductOrderTable {
  id: string;
  user_id: number;
  channel_key: string;
  /** card | service */
  kind: string;
  product_code: string;
  product_name: string;
  /** unpaid | paid | fulfilled | cancelled | refunded */
  state: string;
  price_fen: number;
  member_discount_fen: Generated<number>;
  right_code: string | null;
  right_card_id: number | null;
  remark: Generated<string>;
  paid_fen: number | null;
  paid_at: number | null;
  cancel_reason: string | null;
  closed_at: number | null;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

/** One payment attempt with its own out_trade_no; an order can have several. */
export interface PaymentTable {
  id: Generated<number>;
  out_trade_no: string;
  order_id: string;
  user_id: number;
  /** wechat | alipay | none */
  vendor: string;
  /** wechat_jsapi | wechat_h5 | alipay_wap | free */
  pay_channel: string;
  pay_type: string;
  amount_fen: number;
  order_amount_fen: number;
  user_coupon_id: number | null;
  discount_fen: Generated<number>;
  /** open | paid | closed | refunded */
  state: string;
  client_params: Generated<string>;
  provider_txn_id: string | null;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  close_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface RefundTable {
  id: Generated<number>;
  out_refund_no: string;
  payment_id: number;
  order_id: string;
  amount_fen: number;
  reason: string;
  /** pending | succeeded | failed */
  state: string;
  provider_refund_id: string | null;
  created_at: number;
  done_at: number | null;
}

/** Every fen paid (positive) or refunded (negative); entry_key makes each fact land once. */
export interface LedgerEntryTable {
  id: Generated<number>;
  entry_key: string;
  payment_id: number;
  order_id: string;
  user_id: number;
  /** payment | refund */
  kind: string;
  amount_fen: number;
  vendor: string;
  provider_ref: string | null;
  created_at: number;
}

/** The sandbox gateways' trades (the fake outside world), JSON in `data`. */
export interface SandboxPayTradeTable {
  vendor: string;
  out_trade_no: string;
  token: string;
  data: string;
  created_at: number;
  updated_at: number;
}

// --- Uploads (migration 0009) ---

/** A finished upload (oss/breakpointUpload); the file is `${dataDir}/uploads/{user_id}/{sha256}.{ext}`. */
export interface UploadTable {
  /** The client's upload uuid; the file's url is /api/v2/oss/file/{id}. */
  id: string;
  user_id: number;
  /** '8' document, '25' bank card. */
  type: string;
  size: number;
  sha256: string;
  ext: string;
  created_at: number;
}

// --- Service orders (migration 0013) ---

/** A face consultation, lawyer letter or lawsuit; `state` follows ServiceOrderTransitions. */
export interface ServiceOrderTable {
  /** 'S' + yyyymmdd (Beijing) + 8 random characters. */
  id: string;
  user_id: number;
  channel_key: string;
  /** Contract ServiceKind. */
  kind: string;
  /** Contract ServiceOrderState. */
  state: string;
  /** The kind's sub-step stage (FaceStage, LetterStage, LawsuitStage); null = none yet. */
  stage: string | null;
  version: Generated<number>;
  /** When the order entered its state. */
  state_since: number;
  product_code: string;
  consult_field: number;
  /** Face: the meeting city; lawsuit: the court's city or county. */
  region_code: string | null;
  /** Face: lawyer level 1–3. */
  level: number | null;
  /** The kind's form as JSON (see services/details.ts). */
  details: string;
  /** Before any card: face of the level, letter, lawsuit deposit. */
  price_fen: number;
  member_discount_fen: Generated<number>;
  right_code: string | null;
  right_card_id: number | null;
  /** Due first, before the card (the price or the deposit). */
  up_front_fen: number;
  /** Everything settled on the order, and what went back. */
  paid_fen: Generated<number>;
  refund_fen: Generated<number>;
  quote_fen: number | null;
  quote_note: string | null;
  quoted_at: number | null;
  /** The accepted quote less the deposit. */
  balance_fen: number | null;
  /** The arranged lawyer (lawyers.id). */
  lawyer_id: number | null;
  arranged_at: number | null;
  /** The first payment. */
  paid_at: number | null;
  meeting_at: number | null;
  entrust_sign_name: string | null;
  entrust_signed_at: number | null;
  cancel_reason: string | null;
  closed_at: number | null;
  /** Unique per user: a double tap answers the same order. */
  request_id: string;
  created_at: number;
  updated_at: number;
}

/** The order's timeline and audit trail: every transition and step. */
export interface ServiceEventTable {
  id: Generated<number>;
  order_id: string;
  at: number;
  /** person | lawyer | system | operator */
  actor: string;
  /** users.id of a person, lawyers.id of a lawyer, null for the system. */
  actor_id: number | null;
  /** Lifecycle event or sub-step name (create, pay, proposeTime, courierStatus …). */
  event: string;
  from_state: string | null;
  to_state: string | null;
  title: string;
  text: string;
  /** JSON. */
  payload: Generated<string>;
  /** 1 = on the person's timeline. */
  for_person: Generated<number>;
}

/** A file of an order, visible to its person and its arranged lawyer only. */
export interface ServiceFileTable {
  /** uuid. */
  id: string;
  order_id: string;
  /** evidence | letterPdf | entrustmentPdf | document */
  kind: string;
  name: string;
  mime: string;
  size: number;
  /** Evidence: the person's upload (uploads.id). */
  upload_id: string | null;
  /** Other files: the path under DATA_DIR. */
  storage: string | null;
  /** person | lawyer | system */
  created_by: string;
  created_at: number;
}

/** One export of a contract template by e-mail (issue 15, item 2). */
export interface TemplateExportTable {
  /** 'E' + yyyymmdd (Beijing) + 8 random characters. */
  id: string;
  user_id: number;
  template_id: number;
  title: string;
  /** Lower-cased; '' after account closure. */
  email: string;
  /** JSON name → value; '{}' after account closure. */
  fields: string;
  /** Beijing yyyy-mm-dd the limits count it in. */
  day: string;
  /** sending | sent | failed | confirmed */
  state: string;
  resends: Generated<number>;
  attempted_at: number;
  sent_at: number | null;
  confirmed_at: number | null;
  message_id: string | null;
  created_at: number;
  updated_at: number;
}
