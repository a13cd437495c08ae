/** Table types of migration 014 (naming maps), merged into db/types.ts's DB (see domain/naming/tables.ts). */
import type { Generated } from 'kysely'

export interface NamingMapTable {
  id: Generated<number>
  school_id: number
  map_key: string
  items_id: number
  level: number
  title: string
  /** JSON: MapConfig without id and level */
  config: string
  updated_at: string
}

export interface NamingSeatProfileTable {
  seat_id: number
  school_id: number
  name: string
  intro: string
  author: string
}

declare module '../../db/types' {
  interface DB {
    naming_map: NamingMapTable
    naming_seat_profile: NamingSeatProfileTable
  }
}
