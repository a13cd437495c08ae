/** Columns of migration 022 (project dates), merged into db/types.ts's ProjectTable by declaration merging. */
import type { Generated } from 'kysely'

declare module '../../db/types' {
  interface ProjectTable {
    /** 'YYYY-MM-DD' (Beijing calendar day) or '' */
    start_date: Generated<string>
    /** 'YYYY-MM-DD' or ''; never before start_date */
    end_date: Generated<string>
  }
}
