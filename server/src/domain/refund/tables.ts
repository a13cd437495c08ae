/** Table types of migration 027 (refunds), merged into db/types.ts's DB. */
import type { Generated } from 'kysely'
import { REFUND_STATES, type RefundState } from '../../../../types/schema/staff-refunds'
import '../fulfilment/tables'
import '../naming/tables'

type Ts = string

/** docs/product §4 Refund: requested -> pending_approval | processing; pending_approval -> processing | closed;
 *  processing -> succeeded | failed | closed. */
export { REFUND_STATES, type RefundState }
/** the states whose amount is still held against the gift (not settled either way) */
export const OPEN_REFUND_STATES: readonly RefundState[] = ['requested', 'pending_approval', 'processing']

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

declare module '../../db/types' {
  interface DB {
    refund: RefundTable
  }
  interface SchoolSettingTable {
    /** refunds above this many fen need a second member of staff (finance or admin) to approve */
    refund_approval_fen: Generated<number>
  }
}

declare module '../fulfilment/tables' {
  interface CertificateRequestTable {
    /** '' | 'cancelled' (refunded before it was sent) | 'flagged' (sent, then refunded: staff decide) */
    refund_state: Generated<string>
  }
  interface ReceiptRequestTable {
    refund_state: Generated<string>
  }
}

declare module '../naming/tables' {
  interface NamingRecordTable {
    /** '' | 'review' (the gift was refunded: staff keep or release the seat or copies) | 'kept' | 'released' */
    refund_state: Generated<string>
  }
}
