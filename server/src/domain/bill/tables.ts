/** Table types of migration 028 (bill reconciliation), merged into db/types.ts's DB. */
import type { Generated } from 'kysely'
import { FINDING_KINDS, type FindingKind } from '../../../../types/schema/staff-bills'

type Ts = string

export type BillRunState = 'queued' | 'running' | 'done' | 'failed'
export type FindingState = 'open' | 'applied' | 'resolved'

/**
 * What a run found (docs/decisions/038-bill-reconciliation.md):
 * - missing_payment: the bill has a payment our order does not show as paid (staff apply it: the notification path);
 * - unpaid_at_provider: our order is paid, the provider's bill and its order query do not show it;
 * - amount_mismatch: the bill's amount for an order is not the order's;
 * - unknown_order: the bill has a payment for a bill number we never issued;
 * - unknown_refund: the bill has a refund we hold no record of (a merchant-console refund; staff apply it: the
 *   refund settle path), or one still open here that the bill shows done;
 * - refund_not_in_bill: a refund settled here that day is not in the bill;
 * - refund_mismatch: a refund's amount differs between the bill and here.
 */
export { FINDING_KINDS, type FindingKind }
/** the kinds a person can apply through the ordinary paths; the rest are resolved with a note */
export const APPLICABLE_KINDS: readonly FindingKind[] = ['missing_payment', 'unknown_refund']

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

declare module '../../db/types' {
  interface DB {
    bill_run: BillRunTable
    bill_finding: BillFindingTable
  }
}
