/**
 * The row types are in db/schema.ts (docs/decisions/058-one-db-schema.md). This file stays only because domain/staff
 * still imports it for its side effect; delete it once staff's files import db/schema.
 */
export {}
