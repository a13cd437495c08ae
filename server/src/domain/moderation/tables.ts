/** Tables and columns of migration 031 (content security), merged into db/types.ts. */
import type { ColumnType, Generated } from 'kysely'

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

declare module '../../db/types' {
  interface DB {
    content_check: ContentCheckTable
  }
  interface AppUserTable {
    /** a held nickname: its author sees it, everyone else the approved `nickname` */
    pending_nickname: ColumnType<string, string | undefined, string>
    /** a held avatar (a /files/ path) */
    pending_avatar: ColumnType<string, string | undefined, string>
  }
  interface TogetherDonationTable {
    /** 'visible' | 'held' | 'rejected' (docs/decisions/042) */
    content_state: ColumnType<string, string | undefined, string>
  }
}
