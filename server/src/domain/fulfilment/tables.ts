/**
 * The row types are in db/schema.ts (docs/decisions/058-one-db-schema.md). This re-export stays only because
 * domain/staff imports StaffTable from here and augments it; delete it once staff's files import db/schema.
 */
export type { StaffTable } from '../../db/schema'
