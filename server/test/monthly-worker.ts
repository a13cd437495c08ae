/**
 * A collection worker process for monthly-providers.test.ts (not a test file itself): the collect() the job worker
 * and the CLI run, for one Beijing day, against DATA_DIR / DATABASE_URL, with the payment registry a worker has — but
 * allowed to reach the test's fake providers on 127.0.0.1 (outbound loopback is a test-only option, never read from
 * the environment by the server) and with PUBLIC_BASE_URL for the notify URLs. Prints the CollectionResult as JSON.
 *
 *   node --import tsx server/test/monthly-worker.ts YYYY-MM-DD [HH:MM]
 */
import { collect } from '../src/domain/monthly/collect'
import { outboundPolicy } from '../src/lib/outbound'
import { PaymentRegistry } from '../src/providers/payment/registry'
import { openMigrated, run } from '../src/cli/common'

run(async () => {
  const day = process.argv[2]
  // the Beijing time of the simulated run (the providers' hours), noon unless given
  const time = process.argv[3] ?? '12:00'
  const handle = await openMigrated()
  try {
    const payments = new PaymentRegistry(handle.db, { dataDir: handle.dataDir, outbound: outboundPolicy({ allowLoopback: true }) })
    const errors: unknown[] = []
    const log = { info: () => undefined, warn: () => undefined, error: (o: unknown) => void errors.push(o) }
    const r = await collect(
      { db: handle.db, payments, log, now: () => new Date(), publicBaseUrl: process.env.PUBLIC_BASE_URL ?? '' },
      day,
      undefined,
      time
    )
    if (errors.length) throw new Error(`collection errors: ${JSON.stringify(errors, (k, v) => (v instanceof Error ? v.message : v))}`)
    console.log(JSON.stringify(r))
  } finally {
    await handle.close()
  }
})
