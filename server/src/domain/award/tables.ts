/** Table types of migration 011, merged into db/types.ts's DB (see domain/identity/tables.ts). */
import type { Generated } from 'kysely'

export interface AwardTable {
  id: Generated<number>
  school_id: number
  code: string
  name: string
  name_en: string
  picture: string
  description: string
  description_en: string
  sort_no: number
  /** thresholds; 0 = not part of the rule. All non-zero ones must be met. */
  min_gift_count: number
  min_total_fen: number
  min_together_launched: number
  min_friends_joined: number
  enabled: number
  created_at: string
}

export interface AwardRecordTable {
  id: Generated<number>
  school_id: number
  award_id: number
  user_id: number
  earned_at: string
  source: string
}

declare module '../../db/types' {
  interface DB {
    award: AwardTable
    award_record: AwardRecordTable
  }
}
