/** Table types of migration 018, merged into db/types.ts's DB by declaration merging (as domain/fulfilment/tables.ts). */
import type { Generated } from 'kysely'
import '../fulfilment/tables'

export interface AuditLogTable {
  id: Generated<number>
  school_id: number
  staff_id: number
  staff_name: Generated<string>
  action: string
  entity: string
  entity_id: Generated<string>
  before_json: Generated<string>
  after_json: Generated<string>
  created_at: string
}

declare module '../../db/types' {
  interface DB {
    audit_log: AuditLogTable
  }
}

declare module '../fulfilment/tables' {
  interface StaffTable {
    /** comma-separated StaffRole list (domain/staff/roles.ts) */
    roles: Generated<string>
  }
}
