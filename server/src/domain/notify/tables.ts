/** Table types of migration 032 (docs/decisions/044-notifications.md), merged into db/types.ts's DB. */
import type { Generated } from 'kysely'

type Ts = string

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

declare module '../../db/types' {
  interface SchoolTable {
    /** the school's sender address over MAIL_FROM ('' = MAIL_FROM) */
    mail_from: Generated<string>
    /** HMAC key of unsubscribe links when NOTIFY_SECRET is not set; '' until first use */
    notify_secret: Generated<string>
  }
  interface DB {
    notify_contact: NotifyContactTable
    notify_preference: NotifyPreferenceTable
    notification: NotificationTable
  }
}
