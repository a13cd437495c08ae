/** Table types of migration 019 (offline gifts, ledger exports, order reviews), merged into db/types.ts's DB. */
import type { Generated } from 'kysely'

type Ts = string

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

declare module '../../db/types' {
  interface DB {
    offline_gift: OfflineGiftTable
    ledger_export: LedgerExportTable
    order_review: OrderReviewTable
  }
  interface DonationTable {
    /** 1: entered by finance as an offline gift (bank transfer, cash, cheque); counts like a paid online gift */
    is_offline: Generated<number>
  }
}
