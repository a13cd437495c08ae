/**
 * Table types of migration 017, merged into db/types.ts's DB by declaration merging (as domain/identity/tables.ts), so
 * the shared file stays untouched.
 */
import type { Generated } from 'kysely'
import type { PayChannelCode } from '../../../../types'

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
}

declare module '../../db/types' {
  interface DB {
    school_channel_credential: SchoolChannelCredentialTable
    sms_config: SmsConfigTable
  }
  interface SchoolTable {
    /** 1: real donors; the console SMS provider is never used (migration 017) */
    is_production: Generated<number>
  }
}
