/** Table type of migration 015 (agreements), merged into db/types.ts's DB (see domain/naming/tables.ts). */
import type { Generated } from 'kysely'

export type AgreementKind = 'hhu' | 'cpu'
export const AGREEMENT_GENERATED = 1
export const AGREEMENT_SIGNED = 2
/** migration 029: ready (files exist), rendering (the job worker has it), failed (render_error says why) */
export type RenderState = 'ready' | 'rendering' | 'failed'

export interface AgreementTable {
  id: Generated<number>
  school_id: number
  user_id: number
  kind: AgreementKind
  items_id: number | null
  items_title: Generated<string>
  name: string
  mobile: string
  /** e.g. 320102********1234: the full ID number is never stored (docs/decisions/017) */
  id_no_masked: Generated<string>
  amount_fen: number
  lang: Generated<string>
  agreement_no: string
  unsigned_url: string
  /** JSON string[]: page images of the unsigned PDF */
  unsigned_pages: Generated<string>
  signed_url: Generated<string>
  signed_pages: Generated<string>
  /** the countersigned file and the receipt, attached by the foundation later ('' until then) */
  mutual_url: Generated<string>
  receipt_url: Generated<string>
  status: Generated<number>
  created_at: string
  signed_at: string | null
  /** the order that claimed this signed agreement (migration 025); free again once that order is cancelled or expired */
  donation_id: Generated<number | null>
  /** migration 029 (docs/decisions/039-agreement-rendering-jobs.md) */
  render_state: Generated<RenderState>
  /** the message key the donor is shown when render_state is failed, '' otherwise */
  render_error: Generated<string>
  /** migration 034 (docs/decisions/047-agreements-for-staff.md): page images of mutual_url, who and when */
  mutual_pages: Generated<string>
  countersigned_at: Generated<string | null>
  countersigned_by: Generated<number | null>
  receipt_at: Generated<string | null>
  receipt_by: Generated<number | null>
}

/** The foundation's seal per school (migration 034): private, stamped into countersigned agreements only. */
export interface AgreementSealTable {
  school_id: number
  mime: string
  image_b64: string
  width: number
  height: number
  updated_by: number
  updated_at: string
}

declare module '../../db/types' {
  interface DB {
    agreement: AgreementTable
    agreement_seal: AgreementSealTable
  }
}
