/**
 * Starts the API server. Env: PORT (3000), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL (postgres://…;
 * SQLite file ${DATA_DIR}/uplus.db when unset), H5_DIR (dist/h5), LOG_LEVEL (info).
 */
import path from 'node:path'
import { buildApp } from './app'

async function main() {
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '127.0.0.1'
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data')
  const app = await buildApp({
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    h5Dir: process.env.H5_DIR ? path.resolve(process.env.H5_DIR) : undefined,
    logger: true
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  const address = await app.listen({ port, host })
  app.log.info(`uplus server listening on ${address} (data: ${dataDir}, db: ${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
