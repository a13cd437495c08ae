/** Table types of migration 036 (docs/decisions/050-yearly-statement.md), merged into db/types.ts's DB. */
import type { Generated } from 'kysely'

type Ts = string

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

declare module '../channel/tables' {
  interface SmsConfigTable {
    /** the approved template of an SMS receipt: {1} project, {2} short link ('' = SMS receipts wait for staff) */
    receipt_template_id: Generated<string>
  }
}

declare module '../../db/types' {
  interface DB {
    receipt_link: ReceiptLinkTable
    statement_batch: StatementBatchTable
    statement_send: StatementSendTable
  }
}
