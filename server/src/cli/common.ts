/** Shared by the CLIs: the same env as main.ts (DATA_DIR, DATABASE_URL), a migrated database, a clean exit. */
import path from 'node:path'
import { openDatabase } from '../db/factory'
import { migrateToLatest } from '../db/migrations'

export async function openMigrated() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data')
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined })
  await migrateToLatest(handle.db)
  return { ...handle, dataDir }
}

export function run(main: () => Promise<void>) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  })
}
