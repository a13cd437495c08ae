/**
 * The only dialect branches of the migrations (docs/decisions/003-database-layer.md): identity keys and the
 * timestamp type. Everything else is written once for SQLite and PostgreSQL.
 */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely'

export const isPg = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter

/** PG: bigint identity; SQLite: integer primary key autoincrement (a rowid alias, never reused). */
export function withId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, never>) {
  return isPg(db)
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export const ts = (db: Kysely<any>) => (isPg(db) ? sql`timestamptz` : sql`text`)
export const flag =
  (dflt: 0 | 1 = 0) =>
  (c: ColumnDefinitionBuilder) =>
    c.notNull().defaultTo(dflt)
export const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('')
/** tenant key: every tenant table carries it and every query filters by it (docs/decisions/004-tenancy.md) */
export const schoolRef = (c: ColumnDefinitionBuilder) => c.notNull().references('school.id').onDelete('cascade')
