/**
 * Seeds demo data without npm: `tsx server/src/cli/seed.ts` (only when no school exists) or
 * `tsx server/src/cli/seed.ts --reset` (drops every table through the migrations' downs, migrates, seeds).
 * Uses DATA_DIR / DATABASE_URL like the server. Stop the server first when resetting SQLite.
 */
import { sql } from 'kysely'
import { migrateDownAll, migrateToLatest } from '../db/migrations'
import { seedIfEmpty } from '../seed'
import { openMigrated, run } from './common'

run(async () => {
  const reset = process.argv.includes('--reset')
  const { db, close, dialect, dataDir } = await openMigrated()
  try {
    if (reset) {
      await migrateDownAll(db)
      await migrateToLatest(db)
    }
    const seeded = await seedIfEmpty(db, dataDir)
    // PostgreSQL: the planner's statistics for the rows just loaded, as PostgreSQL's docs advise after a bulk load.
    // Autovacuum would gather them only later (its naptime, 10% of a table changed), and a named statement planned
    // meanwhile keeps a plan made for empty tables on its connection: the order read by bill number scanned the
    // school's orders instead of the unique index (docs/decisions/087-postgresql-peak-statements.md)
    if (seeded && dialect === 'postgres') await sql`analyze`.execute(db)
    const schools = await db.selectFrom('school').select(['code', 'is_default']).orderBy('id').execute()
    console.log(`${seeded ? 'seeded' : 'already seeded (use --reset to start over)'}: ${dialect}, data ${dataDir}`)
    console.log(`schools: ${schools.map((s) => (s.is_default ? `${s.code} (default)` : s.code)).join(', ')}`)
  } finally {
    await close()
  }
})
