/**
 * The schema module and the migrations agree (docs/decisions/058-one-db-schema.md): every migration runs on a fresh
 * SQLite file (and on a fresh PostgreSQL database when DATABASE_URL is set), and every table and column of the migrated
 * database must be in server/src/db/schema.ts with a compatible type, and every table and column there must exist.
 * The schema is read with the TypeScript compiler, as Kysely sees it: a column's type is what a select returns
 * (`Generated<T>` and `ColumnType<S, …>` give S).
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import ts from 'typescript'
import { migrateToLatest } from '../src/db/migrations'
import { emptyPgDatabase } from './template'

type Kind = 'number' | 'string' | 'boolean' | 'other'
interface Column {
  kinds: Kind[]
  nullable: boolean
}
type Tables = Map<string, Map<string, Column>>

const SCHEMA_FILE = path.resolve(__dirname, '../src/db/schema.ts')

/** Table -> column -> the select type of the column, from `interface DB` of the schema module. */
function readSchemaModule(): Tables {
  const configFile = path.resolve(__dirname, '../tsconfig.json')
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, path.dirname(configFile))
  const program = ts.createProgram([SCHEMA_FILE], { ...parsed.options, noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(SCHEMA_FILE)
  assert.ok(source, 'schema module not found')
  const dbDecl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB')
  assert.ok(dbDecl, 'schema.ts declares no interface DB')
  const kindsOf = (t: ts.Type): Column => {
    // Kysely's ColumnType<S, I, U> (and Generated<S>) is an object with a __select__ member: a select returns S
    const select = t.getProperty('__select__')
    if (select) t = checker.getTypeOfSymbolAtLocation(select, dbDecl)
    const parts = t.isUnion() ? t.types : [t]
    const kinds = new Set<Kind>()
    let nullable = false
    for (const p of parts) {
      if (p.flags & ts.TypeFlags.Null) nullable = true
      else if (p.flags & ts.TypeFlags.StringLike) kinds.add('string')
      else if (p.flags & ts.TypeFlags.NumberLike) kinds.add('number')
      else if (p.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean')
      else kinds.add('other')
    }
    return { kinds: [...kinds].sort(), nullable }
  }
  const tables: Tables = new Map()
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(dbDecl))) {
    const row = checker.getTypeOfSymbolAtLocation(table, dbDecl)
    const cols = new Map<string, Column>()
    for (const col of checker.getPropertiesOfType(row)) cols.set(col.name, kindsOf(checker.getTypeOfSymbolAtLocation(col, dbDecl)))
    tables.set(table.name, cols)
  }
  return tables
}

function sqliteKind(declared: string): Kind {
  const t = declared.toUpperCase()
  if (t.includes('INT') || /REAL|FLOA|DOUB|NUMERIC|DECIMAL/.test(t)) return 'number'
  if (/TEXT|CHAR|CLOB/.test(t)) return 'string'
  return 'other'
}

function pgKind(dataType: string): Kind {
  if (/^(smallint|integer|bigint|numeric|real|double precision)$/.test(dataType)) return 'number'
  if (/^(text|character varying|character|date|timestamp with time zone|timestamp without time zone)$/.test(dataType)) return 'string'
  if (dataType === 'boolean') return 'boolean'
  return 'other'
}

/** Table -> column -> type of a migrated database (Kysely's own bookkeeping tables left out). */
async function readDatabase(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<Tables> {
  const tables: Tables = new Map()
  if (dialect === 'sqlite') {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
    for (const { name } of names.rows) {
      if (name.startsWith('sqlite_') || name.startsWith('kysely_')) continue
      const info = await sql<{ name: string; type: string; notnull: number; pk: number }>`select * from pragma_table_info(${name})`.execute(
        db
      )
      // an INTEGER PRIMARY KEY is the rowid: never null whatever notnull says
      tables.set(name, new Map(info.rows.map((c) => [c.name, { kinds: [sqliteKind(c.type)], nullable: !c.notnull && !c.pk }])))
    }
    return tables
  }
  const cols = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely\\_%'`.execute(db)
  for (const c of cols.rows) {
    if (!tables.has(c.table_name)) tables.set(c.table_name, new Map())
    tables.get(c.table_name)!.set(c.column_name, { kinds: [pgKind(c.data_type)], nullable: c.is_nullable === 'YES' })
  }
  return tables
}

/** Every disagreement between the schema module and a migrated database, one line each. */
export function compare(schema: Tables, migrated: Tables): string[] {
  const faults: string[] = []
  for (const [table, cols] of migrated) {
    const declared = schema.get(table)
    if (!declared) {
      faults.push(`table ${table} is migrated but not in schema.ts`)
      continue
    }
    for (const [col, got] of cols) {
      const want = declared.get(col)
      if (!want) faults.push(`${table}.${col} is migrated but not in schema.ts`)
      else if (want.kinds.length !== 1 || want.kinds[0] !== got.kinds[0])
        faults.push(`${table}.${col} is ${got.kinds[0]} in the database, ${want.kinds.join(' | ')} in schema.ts`)
      else if (got.nullable !== want.nullable)
        faults.push(`${table}.${col} is ${got.nullable ? '' : 'not '}nullable in the database, ${want.nullable ? '' : 'not '}in schema.ts`)
    }
    for (const col of declared.keys()) if (!cols.has(col)) faults.push(`${table}.${col} is in schema.ts but no migration makes it`)
  }
  for (const table of schema.keys()) if (!migrated.has(table)) faults.push(`table ${table} is in schema.ts but no migration makes it`)
  return faults
}

let schema: Tables
const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-schema-'))
const sqliteDb = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(path.join(dataDir, 'fresh.db')) }) })
let pgHandle: { db: Kysely<any>; drop: () => Promise<void> } | null = null

before(async () => {
  schema = readSchemaModule()
  await migrateToLatest(sqliteDb)
  if (process.env.DATABASE_URL) {
    const fresh = await emptyPgDatabase(process.env.DATABASE_URL, 'uplus_schema_')
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url, max: 2 }) }) })
    await migrateToLatest(db)
    pgHandle = {
      db,
      drop: async () => {
        await db.destroy()
        await fresh.drop()
      }
    }
  }
})

after(async () => {
  await sqliteDb.destroy()
  await pgHandle?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

test('the schema module is read: its tables and their columns', () => {
  assert.ok(schema.size > 50, `read ${schema.size} tables from schema.ts`)
  assert.ok(schema.get('donation')?.get('amount_fen'), 'donation.amount_fen read from schema.ts')
})

test('every migrated table and column is in schema.ts with a compatible type (SQLite)', async () => {
  assert.deepEqual(compare(schema, await readDatabase(sqliteDb, 'sqlite')), [])
})

test(
  'every migrated table and column is in schema.ts with a compatible type (PostgreSQL)',
  { skip: !process.env.DATABASE_URL },
  async () => {
    assert.deepEqual(compare(schema, await readDatabase(pgHandle!.db, 'postgres')), [])
  }
)

test('a column a migration adds and schema.ts lacks is reported, and so is the reverse', async () => {
  const scratch = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(path.join(dataDir, 'scratch.db')) }) })
  try {
    await migrateToLatest(scratch)
    await scratch.schema
      .alterTable('donation')
      .addColumn('added_later', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await scratch.schema.alterTable('refund').dropColumn('raw').execute()
    await scratch.schema.createTable('added_table').addColumn('id', 'integer').execute()
    assert.deepEqual(compare(schema, await readDatabase(scratch, 'sqlite')).sort(), [
      'donation.added_later is migrated but not in schema.ts',
      'refund.raw is in schema.ts but no migration makes it',
      'table added_table is migrated but not in schema.ts'
    ])
    await scratch.schema.alterTable('donation').dropColumn('added_later').execute()
    await scratch.schema.alterTable('donation').addColumn('added_later', 'integer').execute()
    const withIt = new Map(schema)
    withIt.set('donation', new Map(schema.get('donation')).set('added_later', { kinds: ['string'], nullable: false }))
    assert.deepEqual(
      compare(withIt, await readDatabase(scratch, 'sqlite')).filter((f) => f.startsWith('donation.')),
      ['donation.added_later is number in the database, string in schema.ts']
    )
  } finally {
    await scratch.destroy()
  }
})
