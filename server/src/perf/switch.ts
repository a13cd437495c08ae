/**
 * The one switch of the server's performance machinery (README.md in this folder, docs/decisions/054).
 *
 * PERF_MACHINERY=off (read once, at start) turns every optional piece off at once, leaving the plain behaviour each
 * one stands in for: SQLite transactions commit one by one (no group commit), public reads are not cached, the
 * per-school rows are read afresh, Kysely queries and better-sqlite3 statements are compiled per call, every nonce
 * claim and rate-window hit is its own statement (donate's nonce claimed in the signature hook, not with its windows), the signature is deciphered by a fresh aes-128-cbc decipher, and
 * the job worker keeps its normal CPU priority. Unset or "on": all of it on (the default). Anything else refuses to
 * start, so a typo never leaves the machinery in a state nobody asked for.
 */
export type PerfMode = 'on' | 'off'

export function perfModeFromEnv(env: NodeJS.ProcessEnv = process.env): PerfMode {
  const raw = env.PERF_MACHINERY
  const v = (raw ?? '').trim().toLowerCase()
  if (v === '' || v === 'on') return 'on'
  if (v === 'off') return 'off'
  throw new Error(`PERF_MACHINERY must be "on" or "off", not ${JSON.stringify(raw)}`)
}

/** Whether the performance machinery runs in this process (PERF_MACHINERY, read once at start). */
export const PERF_ON: boolean = perfModeFromEnv() === 'on'
