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
}

export interface BaseSettingTable { id: Id; school_id: number; setting_key: string; setting_value: string }

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

export interface ProjectTypeTable { id: Id; school_id: number; name: string; sort_no: number }
export interface ProjectLabelTable { id: Id; school_id: number; label_title: string; sort_no: number }
export interface ProjectLabelLinkTable { school_id: number; items_id: number; label_id: number }

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
}

export interface ProjectCoverTable { id: Id; school_id: number; items_id: number; file_url: string; sort_no: number }
export interface SubProjectTable { id: Id; school_id: number; items_id: number; name: string; offline_fen: number; sort_no: number }

export interface ProgressTable { id: Id; school_id: number; items_id: number; progress_date: Ts; content: string }
export interface ProgressAttachmentTable { id: Id; school_id: number; progress_id: number; file_url: string; sort_no: number }

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

export interface UsePublicityTable { id: Id; school_id: number; items_id: number; use_date: Ts; use_title: string; use_fen: number }

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

/** Orders: written by the donation flow (next issue), read here. Only status 'paid' counts anywhere. */
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
  status: 'pending' | 'paid' | 'cancelled'
  created_at: Ts
  paid_at: Ts | null
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

export interface ArticleCategoryTable { id: Id; school_id: number; source: string; name: string; sort_no: number }

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
  article_category: ArticleCategoryTable
  article: ArticleTable
}
