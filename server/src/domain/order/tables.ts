/** Table types of migration 007 (campus card), merged into db/types.ts's DB (see domain/identity/tables.ts). */
import type { Generated } from 'kysely'

export interface CampusCardBindingTable {
  id: Generated<number>
  school_id: number
  user_id: number
  stu_work_no: string
  verified_at: string
}

export interface CampusCardGuessTable {
  school_id: number
  stu_work_no: string
  failures: number
  window_started_at: string
}

declare module '../../db/types' {
  interface DB {
    campus_card_binding: CampusCardBindingTable
    campus_card_guess: CampusCardGuessTable
  }
}
