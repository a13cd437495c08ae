/**
 * A worker-only process: the same app (migrations, job worker) without an HTTP listener. Run it beside API
 * processes started with JOBS_ENABLED=0 so certificate rendering never shares their event loop:
 *   JOBS_ENABLED=0 npx tsx server/src/main.ts   &   npx tsx server/src/jobs/main.ts
 * Env as main.ts (DATA_DIR, DATABASE_URL, LOG_LEVEL). Several workers may run: claims are conditional updates.
 */
import path from 'node:path'
import { buildApp } from '../app'
import { lowerWorkerPriority } from './priority'
import { PERF_ON } from '../perf/switch'

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data')
  const app = await buildApp({
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    logger: true,
    jobs: { autoStart: true }
  })
  // The worker's poll timer is unref'd (in an API process the HTTP server keeps the loop alive). Here nothing else
  // does on SQLite (no sockets), so without this handle the process ran one round, went idle and exited with code 0,
  // and scripts/start.js restarted it every 5 s: certificates waited for the next restart.
  const keepAlive = setInterval(() => undefined, 60_000)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      clearInterval(keepAlive)
      void app.close().then(() => process.exit(0))
    })
  }
  await app.ready()
  // after start-up (migrations, fonts): from here on the worker only takes CPU that requests leave idle
  // WORKER_PRIORITY=normal, or the performance machinery off (perf/README.md): the worker keeps its normal priority
  const priority = process.env.WORKER_PRIORITY === 'normal' || !PERF_ON ? 'normal' : lowerWorkerPriority()
  app.log.info(
    `uplus job worker running (data: ${dataDir}, db: ${process.env.DATABASE_URL ? 'postgres' : 'sqlite'}, pid ${process.pid}, priority: ${priority})`
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
