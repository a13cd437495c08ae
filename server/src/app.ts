/**
 * Builds the Fastify app without listening: main.ts listens, tests call inject(). Order: database (migrate, seed
 * when empty), envelope (validation, errors, 404), static files, config, then the per-school API under
 * /api/{school} with tenant resolution and the request signature.
 */
import path from 'node:path'
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { openDatabase } from './db/factory'
import { migrateToLatest } from './db/migrations'
import { seedIfEmpty } from './seed'
import { installEnvelope } from './plugins/envelope'
import { installStatic } from './plugins/static-h5'
import { installTenant } from './plugins/tenant'
import { installSignature, NonceStore } from './plugins/signature'
import { configRoutes } from './routes/config'
import { systemRoutes } from './routes/system'
import { itemsRoutes } from './routes/items'
import { indexRoutes } from './routes/index'
import { webArticleRoutes } from './routes/web'
import './plugins/context'

export interface BuildOptions {
  dataDir: string
  databaseUrl?: string
  logger?: boolean | FastifyServerOptions['logger']
  h5Dir?: string
  /** seed demo data when the schools table is empty (default true) */
  seed?: boolean
}

export const DEFAULT_H5_DIR = path.resolve(__dirname, '../../dist/h5')
export const BODY_LIMIT = 1_048_576

/** Tokens may travel in the query (`token=`): strip them from logged URLs. Headers are never logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code)=)[^&]*/gi, '$1[REDACTED]')
}

function loggerOptions(logger: BuildOptions['logger']): FastifyServerOptions['logger'] {
  if (logger !== true) return logger ?? false
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    redact: { paths: ['req.headers.authorization', 'req.headers.signature'], censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip })
    }
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(opts.logger), bodyLimit: BODY_LIMIT })
  const handle = openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl })
  app.decorate('db', handle.db)
  app.decorate('dataDir', opts.dataDir)
  app.addHook('onClose', async () => handle.close())

  try {
    await migrateToLatest(handle.db)
    if (opts.seed !== false) await seedIfEmpty(handle.db, opts.dataDir)
  } catch (err) {
    await handle.close()
    throw err
  }

  // Envelope first: its hooks, validator compiler and error handler must cover every route registered below.
  let notFound: Parameters<typeof installEnvelope>[1]['notFound'] = () => undefined
  installEnvelope(app, { notFound: (req, reply) => notFound(req, reply) })
  notFound = await installStatic(app, { h5Dir: opts.h5Dir ?? DEFAULT_H5_DIR, filesDir: path.join(opts.dataDir, 'files') })
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', 'nonce', 'signature', 'lang', 'token']
  })
  await app.register(configRoutes)

  const nonces = new NonceStore()
  await app.register(async (api) => {
    installTenant(api)
    installSignature(api, nonces)
    await api.register(systemRoutes)
    await api.register(itemsRoutes)
    await api.register(indexRoutes)
    await api.register(webArticleRoutes)
  }, { prefix: '/api/:school' })

  return app
}
