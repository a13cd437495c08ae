/** Shared by the CLIs: the same env as main.ts (DATA_DIR, DATABASE_URL), a migrated database, a clean exit. */
import path from 'node:path'
import { openDatabase } from '../db/factory'
import { migrateToLatest } from '../db/migrations'

export async function openMigrated() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data')
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined })
  await migrateToLatest(handle.db)
  handle.prepareStatements?.()
  return { ...handle, dataDir }
}

export function run(main: () => Promise<void>) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  })
}

// Terminal control in text that came from outside (donors type names, addresses, messages): escape sequences
// (CSI `ESC [ … final`, OSC `ESC ] … BEL|ESC \`, the short `ESC x` forms, and the one-byte C1 CSI U+009B) are removed
// whole, so nothing of them is left to be misread; then the remaining C0/C1 controls and the bidirectional
// overrides, embeddings, isolates and marks (U+202A-E, U+2066-9, U+200E/F, U+061C), which can make a line read in
// a different order than it is written. Tabs, newlines and line separators become spaces: one value stays on one
// line and in one column.
/* eslint-disable no-control-regex */
const ESCAPE_SEQUENCES = /\x1b\[[0-?]*[ -/]*[@-~]?|\x9b[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]*[0-~]?/g
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
/* eslint-enable no-control-regex */

/** `s` made safe to print on a staff member's terminal (see above). */
export function terminalSafe(s: string): string {
  return s.replace(ESCAPE_SEQUENCES, '').replace(LINE_BREAKS, ' ').replace(CONTROLS, '')
}

/** A copy of a JSON-able value with every string (keys too) made terminal-safe: JSON.stringify escapes C0 controls
 *  but prints C1 controls and bidi overrides as they are. */
export function safeJson(value: unknown): unknown {
  if (typeof value === 'string') return terminalSafe(value)
  if (Array.isArray(value)) return value.map(safeJson)
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [terminalSafe(k), safeJson(v)]))
  }
  return value
}
