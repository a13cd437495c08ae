/**
 * Monthly giving collection from the command line (docs/decisions/071-monthly-giving.md): the same collect() the job
 * worker runs every minute, for a given Beijing day, against the database of DATA_DIR / DATABASE_URL. For recovery
 * (a day the worker did not run) and tests. Safe to run any number of times, also beside running workers: each plan's
 * month is charged once.
 *
 * The providers' hours (WeChat papay 7:00-22:00 Beijing) are checked against the clock for today or an earlier day
 * (the provider is asked now); a --date ahead is a simulated day (tests, the sandbox), a run at its 12:00 unless --time
 * says otherwise (docs/decisions/079-monthly-providers.md).
 *
 *   npx tsx server/src/cli/monthly.ts collect [--date YYYY-MM-DD] [--time HH:MM] [--json]
 */
import { parseArgs } from 'node:util'
import { collect, parseRunTime } from '../domain/monthly/collect'
import { isDay } from '../domain/monthly/dates'
import { PaymentRegistry } from '../providers/payment/registry'
import { openMigrated, run } from './common'

const USAGE = 'usage: monthly.ts collect [--date YYYY-MM-DD] [--time HH:MM] [--json]'

run(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { date: { type: 'string' }, time: { type: 'string' }, json: { type: 'boolean', default: false } }
  })
  if (positionals[0] !== 'collect') throw new Error(USAGE)
  if (values.date !== undefined && !isDay(values.date))
    throw new Error(`--date must be a day YYYY-MM-DD, got ${JSON.stringify(values.date)}\n${USAGE}`)
  if (values.time !== undefined && Number.isNaN(parseRunTime(values.time)))
    throw new Error(`--time must be Beijing HH:MM, got ${JSON.stringify(values.time)}\n${USAGE}`)
  const handle = await openMigrated()
  try {
    const log = {
      info: () => undefined,
      warn: (o: unknown, msg?: string) =>
        console.error(
          msg ?? '',
          JSON.stringify(o, (k, v) => (v instanceof Error ? v.message : v))
        ),
      error: (o: unknown, msg?: string) =>
        console.error(
          msg ?? '',
          JSON.stringify(o, (k, v) => (v instanceof Error ? v.message : v))
        )
    }
    const payments = new PaymentRegistry(handle.db, { dataDir: handle.dataDir })
    const r = await collect({ db: handle.db, payments, log, now: () => new Date() }, values.date, undefined, values.time)
    console.log(
      values.json
        ? JSON.stringify(r)
        : `monthly collection for ${r.day}: ${r.due} due, ${r.attempts} attempts, ${r.paid} paid, ${r.retrying} to retry, ${r.paused} paused, ${r.unknown} without answer`
    )
  } finally {
    await handle.close()
  }
})
