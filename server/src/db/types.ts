/**
 * Table types (snake_case, as stored), separate from the wire types in ../../../types: mappers in domain/* convert.
 * Money columns end in _fen (bigint, parsed to number on PG). Timestamps are ISO strings on read in both dialects.
 * Flags are smallint 0/1 (better-sqlite3 cannot bind booleans).
 */
import type { Generated } from 'kysely'

type Ts = string
type Id = Generated<number>

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
  donation_naming: DonationNamingTable
  donation_submission: DonationSubmissionTable
  donation_form: DonationFormTable
  certified_alumnus: CertifiedAlumnusTable
  payment_config: PaymentConfigTable
  payment_notification: PaymentNotificationTable
  certificate: CertificateTable
  job: JobTable
  article_category: ArticleCategoryTable
  article: ArticleTable
}
