/**
 * The database schema, one module (docs/decisions/058-one-db-schema.md): every table's row type and the Kysely `DB`
 * that names them. A migration that adds a table or column adds it here in the same change;
 * server/test/db-schema.test.ts runs every migration on a fresh database and fails when the two disagree.
 *
 * Table types (snake_case, as stored), separate from the wire types in ../../../types: mappers in domain/* convert.
 * Money columns end in _fen (bigint, parsed to number on PG). Timestamps are ISO strings on read in both dialects.
 * Flags are smallint 0/1 (better-sqlite3 cannot bind booleans). Constants of stored values (seat status, agreement
 * status, refund states) stay beside their domain (domain/x/tables.ts); the column types here name them.
 */
import type { ColumnType, Generated } from 'kysely'
import type { PayChannelCode } from '../../../types'
import type { FindingKind } from '../../../types/schema/staff-bills'
import type { RefundState } from '../../../types/schema/staff-refunds'

export type { FindingKind, RefundState }

type Ts = string
type Id = Generated<number>

// ---- Schools, users, projects, donations, forms, payments, jobs, articles (migrations 001-006)
export interface SchoolTable {
  id: Id
  code: string
  name: string
  module_name: string
  theme: string
  theme_color: string
  sign_key: string
  is_default: number
  created_at: Ts
  /** HMAC key of the order-scoped payToken (migration 006); '' until first use */
  pay_link_secret: Generated<string>
  /** 1: real donors; the console SMS provider is never used (migration 017) */
  is_production: Generated<number>
  /** the school's sender address over MAIL_FROM ('' = MAIL_FROM; migration 032) */
  mail_from: Generated<string>
  /** HMAC key of unsubscribe links when NOTIFY_SECRET is not set; '' until first use (migration 032) */
  notify_secret: Generated<string>
}

/** One row per school: the switches of types/config.ts SchoolSettings plus baseConfig texts. */
export interface SchoolSettingTable {
  school_id: number
  hide_statistics: number
  disable_online_donation: number
  offline_contact_info: string
  mask_donor_names: number
  hide_directory_search: number
  hide_project_directory: number
  default_directory_order: string
  project_list_variant: string
  /** JSON object campaign key -> item id */
  campaign_items: string
  title: string
  is_show_technical_support: number
  award_explain: string
  agree_title: string
  agree_content: string
  share_title: string
  share_desc: string
  share_img: string
  login_bg: string
  /** the sandbox payment provider and POST /api/{school}/sandbox/notify are allowed (migration 005) */
  sandbox_enabled: Generated<number>
  /** JSON {"en": {"agree_title": …, "agree_content": …, "offline_contact_info": …}} (migration 021) */
  texts: Generated<string>
  /** refunds above this many fen need a second member of staff (finance or admin) to approve (migration 027) */
  refund_approval_fen: Generated<number>
}

export interface BaseSettingTable {
  id: Id
  school_id: number
  setting_key: string
  setting_value: string
}

export interface AppUserTable {
  id: Id
  school_id: number
  /** identity provider: 'sandbox' (getAuthToken code) or 'middle' (mini-program openId) */
  source: string
  open_id: string
  nickname: string
  avatar: string
  name: string
  mobile: string
  id_no: string
  created_at: Ts
  /** set when the donor deleted the account (migration 030): every personal column is empty from then on */
  deleted_at: Generated<Ts | null>
  /** a held nickname: its author sees it, everyone else the approved `nickname` (migration 031) */
  pending_nickname: ColumnType<string, string | undefined, string>
  /** a held avatar (a /files/ path) */
  pending_avatar: ColumnType<string, string | undefined, string>
}

export interface SessionTable {
  id: Id
  school_id: number
  user_id: number
  /** sha256 hex of the bearer token: a leaked database does not leak live tokens */
  token_hash: string
  expires_at: Ts
  created_at: Ts
}

export interface ProjectTypeTable {
  id: Id
  school_id: number
  name: string
  sort_no: number
  /** JSON {"en": {"name": …}} (migration 021) */
  texts: Generated<string>
}
export interface ProjectLabelTable {
  id: Id
  school_id: number
  label_title: string
  sort_no: number
}
export interface ProjectLabelLinkTable {
  school_id: number
  items_id: number
  label_id: number
}

export interface ProjectTable {
  id: Id
  school_id: number
  type_id: number | null
  name: string
  intro: string
  content: string
  thumbnail_img: string
  cover_img: string
  items_type: number
  crowd_type: number
  is_limit: number
  limit_fen: number
  limit_material_number: number
  /** raised outside the platform (bank transfers etc.), added to paid online donations */
  offline_fen: number
  offline_material_number: number
  material_name: string
  material_unit: string
  material_price_fen: number
  naming_type: number | null
  naming_count_all: number
  is_complete: number
  is_donate: number
  no_reason: string
  is_donate_together: number
  is_record: number
  is_progress: number
  is_leave_message: number
  is_instruction: number
  is_audit_message: number
  is_sub_rank: number
  /** JSON array of {title, fen} */
  fix_money: string
  is_fix_money: number
  is_hand_money: number
  form_id: number | null
  sort_no: number
  created_at: Ts
  /** only certified alumni may donate (checkPermission 0201) */
  alumni_only: Generated<number>
  /** 'YYYY-MM-DD' (Beijing calendar day) or '' (migration 022) */
  start_date: Generated<string>
  /** 'YYYY-MM-DD' or ''; never before start_date */
  end_date: Generated<string>
  /** 1: the project offers "give monthly" (migration 038, docs/decisions/071-monthly-giving.md) */
  monthly_giving: Generated<number>
  /** {"en": {"name", "intro", "content", "material_name", "material_unit", "no_reason"}} (migration 039, decision 073) */
  texts: Generated<string>
}

export interface ProjectCoverTable {
  id: Id
  school_id: number
  items_id: number
  file_url: string
  sort_no: number
}
export interface SubProjectTable {
  id: Id
  school_id: number
  items_id: number
  name: string
  offline_fen: number
  sort_no: number
  /** JSON [{title, fen}]: the sub-project's own fixed amounts; '[]' = the project's */
  fix_money: Generated<string>
  /** JSON {"en": {"name": …}} (migration 021) */
  texts: Generated<string>
}

export interface ProgressTable {
  id: Id
  school_id: number
  items_id: number
  progress_date: Ts
  content: string
}
export interface ProgressAttachmentTable {
  id: Id
  school_id: number
  progress_id: number
  file_url: string
  sort_no: number
}

export interface LeaveMessageTable {
  id: Id
  school_id: number
  items_id: number
  user_id: number
  content: string
  /** 'pending' awaits admin review, 'visible' is listed, 'hidden' was rejected */
  status: string
  reply_content: string
  created_at: Ts
}

export interface UsePublicityTable {
  id: Id
  school_id: number
  items_id: number
  use_date: Ts
  use_title: string
  use_fen: number
}

export interface TogetherDonationTable {
  id: Id
  school_id: number
  items_id: number
  user_id: number | null
  sponsor: string
  avatar: string
  slogan: string
  is_target: number
  target_fen: number
  status: string
  created_at: Ts
  /** gifts counted toward it, incremented only in the transition of a gift to paid (together/on-paid.ts; migration 016) */
  gift_count: ColumnType<number, number | undefined, number>
  /** when its sponsor cancelled it (migration 016) */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>
  /** 'visible' | 'held' | 'rejected' (docs/decisions/042; migration 031) */
  content_state: ColumnType<string, string | undefined, string>
}

/** 'reconciling': a campus-card debit whose answer was lost, settled only by the card system (domain/order/state.ts) */
export type DonationStatus = 'pending' | 'paid' | 'cancelled' | 'expired' | 'reconciling' | 'refunded'

/** Orders (domain/order). Only status 'paid' counts anywhere; transitions in domain/order/state.ts. */
export interface DonationTable {
  id: Id
  bill_no: string
  school_id: number
  items_id: number
  sub_items_id: number | null
  user_id: number | null
  together_id: number | null
  donor_name: string
  is_anonymous: number
  amount_fen: number
  material_number: number
  pay_type: number
  status: DonationStatus
  created_at: Ts
  paid_at: Ts | null
  /** unpaid orders expire at this time (created + ORDER_TTL_MINUTES); null on seeded rows */
  expires_at: Generated<Ts | null>
  closed_at: Generated<Ts | null>
  /** why a pending order ended: 'user', 'replaced', 'payment_failed', 'provider_error', 'expired' */
  close_reason: Generated<string>
  /** the provider that created the payment: only its notifications are accepted */
  provider: Generated<string>
  provider_trade_no: Generated<string>
  /** 1: money arrived after the order was cancelled or expired (refund or honour by hand) */
  refund_review: Generated<number>
  /** money given back by succeeded refunds (migration 027): totals count amount_fen - refunded_fen */
  refunded_fen: Generated<number>
  /** refunds asked for and not settled; refunded_fen + refund_held_fen never exceeds amount_fen */
  refund_held_fen: Generated<number>
  /** 1: entered by finance as an offline gift (bank transfer, cash, cheque); counts like a paid online gift (migration 019) */
  is_offline: Generated<number>
}

export interface DonationSubmissionTable {
  donation_id: number
  school_id: number
  form_id: number | null
  currency: string
  donate_from: string
  pay_channel: string
  is_no_data: number
  is_need_paper: number
  certificate_donor_name: string
  certificate_way: number | null
  is_need_receipt: number
  receipt_donor_type: number | null
  receipt_donor_name: string
  credit_code: string
  receipt_type: number | null
  receipt_way: number | null
  postal_email: string
  postal_mobile_sms: string
  postal_country: string
  postal_province: string
  postal_city: string
  postal_district: string
  postal_address: string
  postal_zip: string
  postal_contact: string
  postal_mobile: string
  /** JSON of formDataMap without password values */
  form_data: string
  client_ip: string
}

/** A donation form (docs/product §3 Form config). Lists are JSON number arrays; fen columns hold the yuan settings. */
export interface DonationFormTable {
  id: Id
  school_id: number
  name: string
  is_default: number
  min_fen: number
  is_integer_money: number
  pay_platform_list: string
  receipt_type_list: string
  receipt_way_paper_list: string
  receipt_way_electronic_list: string
  certificate_way_paper_list: string
  offline_contact_info: string
  certificate_pickup_address: string
  certificate_pickup_name: string
  certificate_pickup_mobile: string
  receipt_pickup_address: string
  receipt_pickup_name: string
  receipt_pickup_mobile: string
  is_show_anonymous: number
  is_show_no_data: number
  is_open_certificate: number
  is_show_certificate: number
  min_fen_certificate: number
  is_open_receipt: number
  is_show_receipt: number
  min_fen_receipt: number
  is_large_remind: number
  large_fen: number
  remind_content: string
  is_credit_code: number
  success_word: string
  field_list: string
  created_at: Ts
  /** JSON {"en": {"success_word": …, "remind_content": …, "offline_contact_info": …}} (migration 021) */
  texts: Generated<string>
}

export interface CertifiedAlumnusTable {
  id: Id
  school_id: number
  open_id: string
  name: string
  certified_at: Ts
}

export interface PaymentConfigTable {
  id: Id
  school_id: number
  pay_type: number
  provider: string
  /** JSON object; "env:NAME" values come from the environment */
  credentials: string
  enabled: number
  updated_at: Ts
}

export interface PaymentNotificationTable {
  id: Id
  school_id: number
  provider: string
  bill_no: string
  provider_trade_no: string
  amount_fen: number
  result: 'applied' | 'duplicate' | 'late'
  raw: string
  created_at: Ts
}

export interface CertificateTable {
  id: Id
  school_id: number
  donation_id: number
  certificate_no: string
  donor_name: string
  items_name: string
  amount_fen: number
  file_url: string
  created_at: Ts
  /** why the certificate no longer stands (a refund), shown to the donor; '' while valid (migration 027) */
  void_reason: Generated<string>
  voided_at: Generated<Ts | null>
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed'

export interface JobTable {
  id: Id
  school_id: number
  kind: string
  payload: string
  status: JobStatus
  attempts: number
  max_attempts: number
  run_after: Ts
  locked_at: Ts | null
  last_error: string
  created_at: Ts
  updated_at: Ts
  /** host:pid:random of the process holding the lease (jobs/queue.ts; migration 020) */
  locked_by: ColumnType<string, string | undefined, string>
}

/** What a naming donation named: a seat ("3排12座") or books ("《平凡的世界》" x quantity). */
export interface DonationNamingTable {
  id: Id
  school_id: number
  donation_id: number
  items_id: number
  kind: 'seat' | 'book'
  label: string
  quantity: number
}

export interface ArticleCategoryTable {
  id: Id
  school_id: number
  source: string
  name: string
  sort_no: number
}

export interface ArticleTable {
  id: Id
  school_id: number
  category_id: number
  /** 'index' (P/index articleList) or 'web' (operate web-source list) */
  source: string
  website_id: number
  title: string
  thumbnail_image: string
  content: string
  publish_date: Ts
  read_count: number
  /** {"en": {"title", "content"}} (migration 040, decision 086) */
  texts: Generated<string>
}

// ---- Shared store (migration 020)
export interface SharedEntryTable {
  key: string
  count: ColumnType<number, number | undefined, number>
  stamp: ColumnType<number, number | undefined, number>
  prev_stamp: ColumnType<number, number | undefined, number>
  value: ColumnType<string, string | undefined, string>
  expires_at: number
}

// ---- Identity, sign-in and uploads (migration 010)
export interface UserLoginTable {
  id: Generated<number>
  school_id: number
  user_id: number
  kind: 'mobile' | 'password'
  /** mobile: "86-13800138000"; password: the lower-cased account name */
  login_key: string
  /** password: scrypt record (domain/identity/password.ts); mobile: '' */
  secret_hash: string
  created_at: Ts
  updated_at: Ts
}

export interface SmsCodeTable {
  id: Generated<number>
  school_id: number
  mobile: string
  salt: string
  code_hash: string
  attempts: Generated<number>
  ip: string
  created_at: Ts
  expires_at: Ts
  used_at: Ts | null
}

export interface SmsThrottleTable {
  school_id: number
  scope: 'mobile' | 'ip'
  throttle_key: string
  last_sent_at: Ts
  window_started_at: Ts
  window_count: number
}

export interface LoginSettingTable {
  school_id: number
  is_open_login: number
  login_notes: string
  sandbox_login: number
  updated_at: Ts
}

export interface OauthConfigTable {
  id: Generated<number>
  school_id: number
  /** 'middle': the middle-school hand-off's HMAC secret (middle.ts), credentials {secret} */
  platform: 'weapp' | 'h5' | 'alipay' | 'middle'
  app_id: string
  credentials: string
  api_base: string
  enabled: number
  updated_at: Ts
}

export interface UploadedFileTable {
  id: Generated<number>
  school_id: number
  user_id: number | null
  url: string
  /** 'avatar' (donor upload) or 'receipt' (staff attachment) */
  kind: string
  mime: string
  size_bytes: number
  created_at: Ts
}

// ---- Awards (migration 011)
export interface AwardTable {
  id: Generated<number>
  school_id: number
  code: string
  name: string
  name_en: string
  picture: string
  description: string
  description_en: string
  sort_no: number
  /** thresholds; 0 = not part of the rule. All non-zero ones must be met. */
  min_gift_count: number
  min_total_fen: number
  min_together_launched: number
  min_friends_joined: number
  enabled: number
  created_at: string
}

export interface AwardRecordTable {
  id: Generated<number>
  school_id: number
  award_id: number
  user_id: number
  earned_at: string
  source: string
}

// ---- Certificates, receipts, staff (migration 012)
export interface FulfilmentSettingTable {
  school_id: number
  is_open_paper: number
  /** JSON number[] */
  certificate_way_paper_list: string
  certificate_pickup_address: string
  certificate_pickup_name: string
  certificate_pickup_mobile: string
  is_open_receipt: number
  valid_type: number
  is_credit_code: number
  receipt_type_list: string
  receipt_way_paper_list: string
  receipt_way_electronic_list: string
  receipt_pickup_address: string
  receipt_pickup_name: string
  receipt_pickup_mobile: string
  updated_at: Ts
}

export interface CertificateRequestTable {
  id: Generated<number>
  school_id: number
  user_id: number
  donation_id: number
  batch_no: string
  status: number
  certificate_way: number
  donor_name: string
  postal_contact: string
  postal_mobile: string
  postal_address: string
  express_company: string
  express_no: string
  origin: Generated<string>
  created_at: Ts
  updated_at: Ts
  /** '' | 'cancelled' (refunded before it was sent) | 'flagged' (sent, then refunded: staff decide) (migration 027) */
  refund_state: Generated<string>
}

export interface ReceiptRequestTable {
  id: Generated<number>
  school_id: number
  user_id: number
  donation_id: number
  batch_no: string
  status: number
  donor_type: number
  donor_name: string
  credit_code: string
  receipt_type: number
  receipt_way: number
  postal_contact: string
  postal_mobile: string
  postal_address: string
  postal_email: string
  postal_mobile_sms: string
  express_company: string
  express_no: string
  file_url: string
  origin: Generated<string>
  created_at: Ts
  updated_at: Ts
  /** as certificate_request.refund_state (migration 027) */
  refund_state: Generated<string>
}

export interface StaffTable {
  id: Generated<number>
  school_id: number
  username: string
  display_name: string
  password_hash: string
  enabled: number
  created_at: Ts
  /** comma-separated StaffRole list (domain/staff/roles.ts; migration 018) */
  roles: Generated<string>
}

export interface StaffSessionTable {
  id: Generated<number>
  school_id: number
  staff_id: number
  token_hash: string
  expires_at: Ts
  created_at: Ts
}

export interface FulfilmentHistoryTable {
  id: Generated<number>
  school_id: number
  kind: 'certificate' | 'receipt'
  request_id: number
  action: 'advance' | 'attach'
  from_status: number
  to_status: number
  staff_id: number
  detail: string
  created_at: Ts
}

// ---- Naming seats and books (migration 013)
export interface NamingAreaTable {
  id: Generated<number>
  school_id: number
  items_id: number
  title: string
  img_url: string
  /** docs/product §3: 1, 2 grid; 3 list */
  type: number
  /** JSON [{termName, termYear, fen}]: the periods offered for the area's seats */
  price_list: string
  sort_no: number
}

export interface NamingSeatTable {
  id: Generated<number>
  school_id: number
  items_id: number
  area_id: number
  label: string
  /** grid position (1-based); 0 in list areas */
  row_no: number
  col_no: number
  sort_no: number
  img_url: string
  /** JSON like the area's; '' = the area's list */
  price_list: Generated<string>
  /** SEAT_FREE 1, SEAT_DONATED 2, SEAT_UNAVAILABLE 3, SEAT_HELD 4 (domain/naming/tables.ts) */
  status: number
  /** the unpaid order holding it (status 4) */
  hold_donation_id: number | null
  /** the naming record that named it (status 2) */
  record_id: number | null
  updated_at: Ts
}

export interface BookCategoryTable {
  id: Generated<number>
  school_id: number
  items_id: number
  title: string
  sort_no: number
}

/** `stock` copies are still to be named; `held` of them are held by unpaid orders (available = stock - held). */
export interface NamingBookTable {
  id: Generated<number>
  school_id: number
  items_id: number
  category_id: number | null
  title: string
  author: string
  press: string
  book_no: string
  unit_fen: number
  stock: number
  held: Generated<number>
  remarks: string
  img_url: string
  sort_no: number
}

/** 'held' while its order is unpaid; 'named' once paid; 'released' when the order was cancelled or expired;
 *  'review' when an order was paid but its hold was gone (never a second owner: staff refund or resolve). */
export type NamingRecordStatus = 'held' | 'named' | 'released' | 'review'

/** One seat, or one book line (quantity copies), of a naming order: its price, nameplate and review state. */
export interface NamingRecordTable {
  id: Generated<number>
  school_id: number
  donation_id: number
  items_id: number
  user_id: number | null
  kind: 'seat' | 'book'
  seat_id: number | null
  book_id: number | null
  area_id: number | null
  /** "A区3排12座" or the book title */
  label: string
  quantity: number
  term_year: number
  term_name: string
  unit_fen: number
  amount_fen: number
  donor_name: string
  donor_identity: string
  donation_message: string
  /** books: JSON NameplateText[] (one for all copies, or one per copy); '' for seats */
  nameplate_list: string
  status: NamingRecordStatus
  /** types/naming.ts NameplateStatus: 1 pending, 2 approved, 3 returned */
  nameplate_status: number
  review_reason: string
  reviewed_by: number | null
  reviewed_at: Ts | null
  named_at: Ts | null
  /** end of the naming period; null = permanent (term_year 0) or not named yet */
  expire_at: Ts | null
  created_at: Ts
  updated_at: Ts
  /** '' | 'review' (the gift was refunded: staff keep or release the seat or copies) | 'kept' | 'released' (migration 027) */
  refund_state: Generated<string>
}

/** Every nameplate submission, correction and review, with who and when (the engraving is only ever the approved text). */
export interface NameplateHistoryTable {
  id: Generated<number>
  school_id: number
  record_id: number
  action: 'correct' | 'approve' | 'return'
  staff_id: number | null
  user_id: number | null
  reason: string
  /** JSON NameplateText (books: the list) as it stood after the action */
  text: string
  created_at: Ts
}

export interface NameplateExampleTable {
  id: Generated<number>
  school_id: number
  items_id: number
  title: string
  bg_img: string
  example_img: string
  width: number
  height: number
  /** JSON NameplateElement[] */
  config_data: string
  sort_no: number
}

export interface NameplateConfigTable {
  school_id: number
  items_id: number
  bg_img: string
  bg_word: string
  bottom_img: string
  bg_color: string
}

// ---- Naming maps (migration 014)
export interface NamingMapTable {
  id: Generated<number>
  school_id: number
  map_key: string
  items_id: number
  level: number
  title: string
  /** JSON: MapConfig without id and level */
  config: string
  updated_at: string
}

export interface NamingSeatProfileTable {
  seat_id: number
  school_id: number
  name: string
  intro: string
  author: string
}

// ---- Agreements (migrations 015, 025, 029, 034)
export type AgreementKind = 'hhu' | 'cpu'
/** migration 029: ready (files exist), rendering (the job worker has it), failed (render_error says why) */
export type RenderState = 'ready' | 'rendering' | 'failed'

export interface AgreementTable {
  id: Generated<number>
  school_id: number
  user_id: number
  kind: AgreementKind
  items_id: number | null
  items_title: Generated<string>
  name: string
  mobile: string
  /** e.g. 320102********1234: the full ID number is never stored (docs/decisions/017) */
  id_no_masked: Generated<string>
  amount_fen: number
  lang: Generated<string>
  agreement_no: string
  unsigned_url: string
  /** JSON string[]: page images of the unsigned PDF */
  unsigned_pages: Generated<string>
  signed_url: Generated<string>
  signed_pages: Generated<string>
  /** the countersigned file and the receipt, attached by the foundation later ('' until then) */
  mutual_url: Generated<string>
  receipt_url: Generated<string>
  status: Generated<number>
  created_at: string
  signed_at: string | null
  /** the order that claimed this signed agreement (migration 025); free again once that order is cancelled or expired */
  donation_id: Generated<number | null>
  /** migration 029 (docs/decisions/039-agreement-rendering-jobs.md) */
  render_state: Generated<RenderState>
  /** the message key the donor is shown when render_state is failed, '' otherwise */
  render_error: Generated<string>
  /** migration 034 (docs/decisions/047-agreements-for-staff.md): page images of mutual_url, who and when */
  mutual_pages: Generated<string>
  countersigned_at: Generated<string | null>
  countersigned_by: Generated<number | null>
  receipt_at: Generated<string | null>
  receipt_by: Generated<number | null>
}

/** The foundation's seal per school (migration 034): private, stamped into countersigned agreements only. */
export interface AgreementSealTable {
  school_id: number
  mime: string
  image_b64: string
  width: number
  height: number
  updated_by: number
  updated_at: string
}

// ---- Channel credentials and SMS (migration 017)
export interface SchoolChannelCredentialTable {
  id: Generated<number>
  school_id: number
  channel: PayChannelCode
  app_id: Generated<string>
  /** WeChat AppSecret or "env:NAME": write-only, never answered or logged */
  secret: Generated<string>
  /** JSON: other sign-in keys (Alipay privateKey, alipayPublicKey) */
  credentials: Generated<string>
  /** JSON merged over payment_config.credentials for this channel's orders */
  pay_credentials: Generated<string>
  api_base: Generated<string>
  enabled: Generated<number>
  updated_at: string
}

export interface SmsConfigTable {
  id: Generated<number>
  school_id: number
  provider: 'tencent'
  secret_id: Generated<string>
  secret_key: Generated<string>
  sdk_app_id: Generated<string>
  sign_name: Generated<string>
  template_id: Generated<string>
  template_params: Generated<string>
  region: Generated<string>
  endpoint: Generated<string>
  enabled: Generated<number>
  updated_at: string
  /** the approved template of an SMS receipt: {1} project, {2} short link ('' = SMS receipts wait for staff; migration 036) */
  receipt_template_id: Generated<string>
}

// ---- Campus card (migration 007)
export interface CampusCardBindingTable {
  id: Generated<number>
  school_id: number
  user_id: number
  stu_work_no: string
  verified_at: string
}

export interface CampusCardGuessTable {
  school_id: number
  stu_work_no: string
  failures: number
  window_started_at: string
}

// ---- Refunds (migration 027)
/** state: docs/product §4 Refund (domain/refund/tables.ts) */
export interface RefundTable {
  id: Generated<number>
  school_id: number
  donation_id: number
  out_refund_no: string
  amount_fen: number
  reason: Generated<string>
  state: RefundState
  provider: string
  provider_refund_no: Generated<string>
  origin: Generated<string>
  held: Generated<number>
  requested_by: number | null
  approved_by: Generated<number | null>
  fail_reason: Generated<string>
  raw: Generated<string>
  created_at: Ts
  updated_at: Ts
  settled_at: Generated<Ts | null>
}

// ---- Bill reconciliation (migration 028)
export type BillRunState = 'queued' | 'running' | 'done' | 'failed'
export type FindingState = 'open' | 'applied' | 'resolved'

export interface BillRunTable {
  id: Generated<number>
  school_id: number
  provider: string
  bill_date: string
  state: BillRunState
  bill_rows: Generated<number>
  matched: Generated<number>
  open_findings: Generated<number>
  error: Generated<string>
  requested_by: number | null
  started_at: Ts | null
  finished_at: Ts | null
  created_at: Ts
  updated_at: Ts
}

export interface BillFindingTable {
  id: Generated<number>
  school_id: number
  run_id: number
  /** what the run found: domain/bill/tables.ts */
  kind: FindingKind
  bill_no: Generated<string>
  out_refund_no: Generated<string>
  provider_trade_no: Generated<string>
  provider_refund_no: Generated<string>
  bill_fen: number | null
  our_fen: number | null
  donation_id: number | null
  bill_at: Generated<string>
  state: FindingState
  result: Generated<string>
  note: Generated<string>
  resolved_by: Generated<number | null>
  resolved_at: Generated<Ts | null>
  created_at: Ts
}

// ---- Privacy (migration 030)
export interface PrivacyPolicyTable {
  school_id: number
  version: number
  /** Chinese title and text (the fallback); other languages in `texts` (docs/decisions/025) */
  title: string
  content: string
  /** JSON {"en": {"title": "…", "content": "…"}} */
  texts: string
  updated_by: number | null
  updated_at: Ts
}

export interface PrivacyConsentTable {
  id: Generated<number>
  school_id: number
  user_id: number
  version: number
  /** 'login' (the login page's checkbox) or 'prompt' (asked before a form's first collection) */
  source: string
  created_at: Ts
}

// ---- Content security (migration 031)
export type ContentKind = 'message' | 'nickname' | 'avatar' | 'together'
export type ContentState = 'held' | 'checking' | 'approved' | 'rejected'
export type CheckerName = 'wechat' | 'alipay' | 'sandbox' | 'none'

export interface ContentCheckTable {
  id: Generated<number>
  school_id: number
  user_id: number
  kind: ContentKind
  target_id: number
  content: string
  checker: CheckerName
  state: ContentState
  reason: ColumnType<string, string | undefined, string>
  trace_id: ColumnType<string, string | undefined, string>
  decided_by: ColumnType<number | null, number | null | undefined, number | null>
  decided_at: ColumnType<string | null, string | null | undefined, string | null>
  created_at: string
  updated_at: string
}

// ---- Notifications (migrations 032, 035)
export interface NotifyContactTable {
  school_id: number
  user_id: number
  email: string
  lang: string
  updated_at: Ts
}

export interface NotifyPreferenceTable {
  school_id: number
  user_id: number
  kind: string
  channel: string
  enabled: number
  updated_at: Ts
}

export type NotificationState = 'queued' | 'retrying' | 'sent' | 'failed' | 'skipped'

export interface NotificationTable {
  id: Generated<number>
  school_id: number
  user_id: number
  kind: string
  ref_id: number
  channel: Generated<string>
  recipient: Generated<string>
  state: Generated<NotificationState>
  attempts: Generated<number>
  last_error: Generated<string>
  created_at: Ts
  updated_at: Ts
  sent_at: Ts | null
}

export interface NoticeTemplateTable {
  school_id: number
  channel: string
  kind: string
  template_id: string
  /** JSON: the template's fields and the fact each carries (domain/notify/templates.ts) */
  fields: string
  updated_at: Ts
}

export interface NoticeGrantTable {
  id: Generated<number>
  school_id: number
  user_id: number
  channel: string
  template_id: string
  granted_at: Ts
  notification_id: number | null
  used_at: Ts | null
}

// ---- Yearly statements, SMS receipt links (migration 036)
export type StatementBatchStatus = 'queued' | 'running' | 'enqueued' | 'failed'

export interface StatementBatchTable {
  id: Generated<number>
  school_id: number
  year: number
  staff_id: number
  status: Generated<StatementBatchStatus>
  total: Generated<number>
  last_error: Generated<string>
  created_at: Ts
  updated_at: Ts
}

export interface StatementSendTable {
  id: Generated<number>
  school_id: number
  user_id: number
  year: number
  batch_id: number | null
  created_at: Ts
}

export interface ReceiptLinkTable {
  code: string
  school_id: number
  receipt_id: number
  created_at: Ts
}

// ---- Monthly giving (migration 038, docs/decisions/071-monthly-giving.md)
export type MonthlyPlanStatus = 'signing' | 'active' | 'paused' | 'stopped'
export type MonthlyChargeStatus = 'charging' | 'retry' | 'paid' | 'failed' | 'cancelled'

export interface MonthlyPlanTable {
  id: Generated<number>
  school_id: number
  user_id: number
  items_id: number
  plan_no: string
  amount_fen: number
  day_of_month: number
  pay_type: number
  provider: string
  agreement_no: Generated<string>
  status: Generated<MonthlyPlanStatus>
  failure_count: Generated<number>
  /** Beijing date YYYY-MM-DD of the next month's charge; '' while signing */
  next_charge_on: Generated<string>
  donor_name: Generated<string>
  is_anonymous: Generated<number>
  stop_reason: Generated<string>
  /** WeChat papay: the charge day the last pre-deduction notice announced, and the day it was sent (migration 042) */
  notice_for: Generated<string>
  noticed_on: Generated<string>
  signed_at: Ts | null
  stopped_at: Ts | null
  created_at: Ts
  updated_at: Ts
}

export interface MonthlyChargeTable {
  id: Generated<number>
  school_id: number
  plan_id: number
  /** YYYY-MM: with plan_id the unique key that makes collection idempotent */
  month: string
  status: MonthlyChargeStatus
  attempts: Generated<number>
  donation_id: number | null
  next_attempt_on: Generated<string>
  last_error: Generated<string>
  claimed_at: Ts
  created_at: Ts
  updated_at: Ts
}

// ---- Staff console audit log (migration 018)
export interface AuditLogTable {
  id: Generated<number>
  school_id: number
  staff_id: number
  staff_name: Generated<string>
  action: string
  entity: string
  entity_id: Generated<string>
  before_json: Generated<string>
  after_json: Generated<string>
  created_at: string
}

// ---- Offline gifts, ledger exports, order reviews (migration 019)
export interface OfflineGiftTable {
  donation_id: number
  school_id: number
  channel: string
  donated_on: string
  note: Generated<string>
  staff_id: number
  created_at: Ts
}

export interface LedgerExportTable {
  id: Generated<number>
  school_id: number
  staff_id: number
  kind: string
  format: string
  filters: Generated<string>
  status: Generated<string>
  done: Generated<number>
  total: Generated<number>
  max_id: Generated<number>
  lang: Generated<string>
  file_name: Generated<string>
  file_path: Generated<string>
  error: Generated<string>
  created_at: Ts
  updated_at: Ts
}

export interface OrderReviewTable {
  id: Generated<number>
  school_id: number
  donation_id: number
  kind: string
  resolution: string
  reason: string
  staff_id: number
  created_at: Ts
}

// ---- Giving days: matches and challenges (migration 037, docs/decisions/070-giving-days.md)

export type GivingDayMatchKind = 'per_yuan' | 'per_donor'
export type GivingDayChallengeKind = 'donors' | 'amount'

export interface GivingDayTable {
  id: Id
  school_id: number
  title: string
  title_en: ColumnType<string, string | undefined, string>
  starts_at: Ts
  ends_at: Ts
  goal_fen: ColumnType<number, number | undefined, number>
  participation_goal: ColumnType<number, number | undefined, number>
  /** JSON array of project ids; '[]' = every project of the school */
  projects: ColumnType<string, string | undefined, string>
  created_at: Ts
  updated_at: Ts
}

export interface GivingDayMatchTable {
  id: Id
  school_id: number
  giving_day_id: number
  sponsor: string
  sponsor_en: ColumnType<string, string | undefined, string>
  kind: GivingDayMatchKind
  /** per_yuan: fen matched per yuan given; per_donor: fen matched once per donor */
  rate_fen: number
  cap_fen: number
  /** moved only by guarded updates (giving-day/repository.ts): never above cap_fen */
  used_fen: ColumnType<number, number | undefined, number>
  starts_at: Ts
  ends_at: Ts
  projects: ColumnType<string, string | undefined, string>
  class_years: ColumnType<string, string | undefined, string>
  colleges: ColumnType<string, string | undefined, string>
  created_at: Ts
  updated_at: Ts
}

export interface GivingDayChallengeTable {
  id: Id
  school_id: number
  giving_day_id: number
  sponsor: string
  sponsor_en: ColumnType<string, string | undefined, string>
  kind: GivingDayChallengeKind
  /** donors (kind 'donors') or fen (kind 'amount') */
  target: number
  reward_fen: number
  starts_at: Ts
  ends_at: Ts
  donors: ColumnType<number, number | undefined, number>
  raised_fen: ColumnType<number, number | undefined, number>
  /** written once, by the gift that crossed the target, and never undone */
  unlocked_at: ColumnType<string | null, string | null | undefined, string | null>
  unlocked_donation_id: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Ts
  updated_at: Ts
}

export interface GivingDayGiftTable {
  id: Id
  school_id: number
  giving_day_id: number
  donation_id: number
  /** 'u<user id>', or 'o<order id>' for a gift without an account */
  donor_key: string
  class_year: ColumnType<string, string | undefined, string>
  college: ColumnType<string, string | undefined, string>
  paid_at: Ts
  /** migration 041 (decision 075): the donor's region, and the ambassador the gift is credited to */
  region: ColumnType<string, string | undefined, string>
  ambassador_id: ColumnType<number | null, number | null | undefined, number | null>
}

export interface GivingDayMatchRecordTable {
  id: Id
  school_id: number
  giving_day_id: number
  match_id: number
  donation_id: number
  /** what the match gives this order now (after refunds) */
  matched_fen: number
  /** given back to the match by refunds */
  returned_fen: ColumnType<number, number | undefined, number>
  created_at: Ts
}

export interface GivingDayDonorTable {
  id: Id
  school_id: number
  /** 'match' (per-donor match) | 'challenge' (donor challenge) */
  scope: string
  ref_id: number
  donor_key: string
  donation_id: number
}

/** The most of an offline gift's amount a challenge has counted (migration 044, decision 088). */
export interface GivingDayChallengeShareTable {
  id: Id
  school_id: number
  challenge_id: number
  donation_id: number
  counted_fen: number
}

/** A donor's own code for one giving day (migration 041, decision 075). */
export interface GivingDayAmbassadorTable {
  id: Id
  school_id: number
  giving_day_id: number
  user_id: number
  code: string
  created_at: Ts
}

/** The ambassador code an order was created with: one per order (migration 041). */
export interface GivingDayReferralTable {
  id: Id
  school_id: number
  donation_id: number
  ambassador_id: number
  created_at: Ts
}

export interface DB {
  school: SchoolTable
  school_setting: SchoolSettingTable
  base_setting: BaseSettingTable
  app_user: AppUserTable
  session: SessionTable
  project_type: ProjectTypeTable
  project_label: ProjectLabelTable
  project_label_link: ProjectLabelLinkTable
  project: ProjectTable
  project_cover: ProjectCoverTable
  sub_project: SubProjectTable
  progress: ProgressTable
  progress_attachment: ProgressAttachmentTable
  leave_message: LeaveMessageTable
  use_publicity: UsePublicityTable
  together_donation: TogetherDonationTable
  donation: DonationTable
  donation_submission: DonationSubmissionTable
  donation_form: DonationFormTable
  certified_alumnus: CertifiedAlumnusTable
  payment_config: PaymentConfigTable
  payment_notification: PaymentNotificationTable
  certificate: CertificateTable
  job: JobTable
  donation_naming: DonationNamingTable
  article_category: ArticleCategoryTable
  article: ArticleTable
  shared_entry: SharedEntryTable
  user_login: UserLoginTable
  sms_code: SmsCodeTable
  sms_throttle: SmsThrottleTable
  login_setting: LoginSettingTable
  oauth_config: OauthConfigTable
  uploaded_file: UploadedFileTable
  award: AwardTable
  award_record: AwardRecordTable
  fulfilment_setting: FulfilmentSettingTable
  certificate_request: CertificateRequestTable
  receipt_request: ReceiptRequestTable
  staff: StaffTable
  staff_session: StaffSessionTable
  fulfilment_history: FulfilmentHistoryTable
  naming_area: NamingAreaTable
  naming_seat: NamingSeatTable
  book_category: BookCategoryTable
  naming_book: NamingBookTable
  naming_record: NamingRecordTable
  nameplate_history: NameplateHistoryTable
  nameplate_example: NameplateExampleTable
  nameplate_config: NameplateConfigTable
  naming_map: NamingMapTable
  naming_seat_profile: NamingSeatProfileTable
  agreement: AgreementTable
  agreement_seal: AgreementSealTable
  school_channel_credential: SchoolChannelCredentialTable
  sms_config: SmsConfigTable
  campus_card_binding: CampusCardBindingTable
  campus_card_guess: CampusCardGuessTable
  refund: RefundTable
  bill_run: BillRunTable
  bill_finding: BillFindingTable
  privacy_policy: PrivacyPolicyTable
  privacy_consent: PrivacyConsentTable
  content_check: ContentCheckTable
  notify_contact: NotifyContactTable
  notify_preference: NotifyPreferenceTable
  notification: NotificationTable
  notice_template: NoticeTemplateTable
  notice_grant: NoticeGrantTable
  statement_batch: StatementBatchTable
  statement_send: StatementSendTable
  receipt_link: ReceiptLinkTable
  monthly_plan: MonthlyPlanTable
  monthly_charge: MonthlyChargeTable
  audit_log: AuditLogTable
  offline_gift: OfflineGiftTable
  ledger_export: LedgerExportTable
  order_review: OrderReviewTable
  giving_day: GivingDayTable
  giving_day_match: GivingDayMatchTable
  giving_day_challenge: GivingDayChallengeTable
  giving_day_gift: GivingDayGiftTable
  giving_day_match_record: GivingDayMatchRecordTable
  giving_day_donor: GivingDayDonorTable
  giving_day_challenge_share: GivingDayChallengeShareTable
  giving_day_ambassador: GivingDayAmbassadorTable
  giving_day_referral: GivingDayReferralTable
}
