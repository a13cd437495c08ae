/**
 * Table types of migration 010, merged into db/types.ts's DB by declaration merging so that file (shared with the
 * other issues) stays untouched. Same conventions: snake_case, ISO timestamps, 0/1 flags.
 */
import type { Generated } from 'kysely'

type Ts = string

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

declare module '../../db/types' {
  interface DB {
    user_login: UserLoginTable
    sms_code: SmsCodeTable
    sms_throttle: SmsThrottleTable
    login_setting: LoginSettingTable
    oauth_config: OauthConfigTable
    uploaded_file: UploadedFileTable
  }
}
