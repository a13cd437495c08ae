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
import { donateRoutes } from './routes/donate'
import { notifyRoutes } from './routes/donate/notify'
import { DEFAULT_ORDER_RATE_LIMITS, OrderRateLimiter, type OrderRateLimits } from './domain/order/rate-limit'
import { reconcile } from './domain/order/reconcile'
import { createJobWorker } from './jobs'
import type { WorkerOptions } from './jobs/worker'
import { PaymentRegistry, type ProviderFactory } from './providers/payment/registry'
import type { ProviderName } from './providers/payment/types'
import type { OrderRuntime } from './plugins/context'
import './plugins/context'
import { writeAwardImages } from './domain/award/defaults'
import { guessLimiters, type FetchLike, type IdentityRuntime } from './domain/identity/runtime'
import { createConsoleSms } from './providers/sms/console'
import type { SmsProvider } from './providers/sms/types'
import { createLocalStorage } from './providers/storage/local'
import type { FileStorage } from './providers/storage/types'
import { loginRoutes } from './routes/login'
import { centerRoutes } from './routes/center'
import { uploadRoutes } from './routes/upload'
import { certificateRoutes } from './routes/certificate'
import { receiptRoutes } from './routes/receipt'
import { STAFF_API_PREFIX, staffRoutes } from './routes/staff'

export interface BuildOptions {
  dataDir: string
  databaseUrl?: string
  logger?: boolean | FastifyServerOptions['logger']
  h5Dir?: string
  /** seed demo data when the schools table is empty (default true) */
  seed?: boolean
  /** donation flow; defaults from the environment (ORDER_TTL_MINUTES, ORDER_RATE_PER_USER/IP, PUBLIC_BASE_URL) */
  orders?: { ttlMinutes?: number; rateLimits?: Partial<OrderRateLimits>; publicBaseUrl?: string }
  /** provider factories replacing the built-in ones (tests), and the environment "env:NAME" credentials read */
  payments?: { factories?: Partial<Record<ProviderName, ProviderFactory>>; env?: NodeJS.ProcessEnv }
  /** the job worker (certificates, reconciliation); autoStart false in tests, which call runJobsOnce();
   *  JOBS_ENABLED=0 keeps a process from running jobs (another process runs them) */
  jobs?: WorkerOptions
  /** clock of the donation flow (tests) */
  now?: () => Date
  /** sign-in, centre and fulfilment (issue 4): clock (SMS limits), SMS provider (default: the server log),
   *  fetch for WeChat/Alipay code exchange, file storage (default ${dataDir}/files), env for "env:NAME" credentials */
  identity?: { now?: () => Date; sms?: SmsProvider; fetch?: FetchLike; storage?: FileStorage; env?: NodeJS.ProcessEnv }
}

const envInt = (name: string, fallback: number): number => {
  const v = Number(process.env[name])
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(v) && v >= 0 ? v : fallback
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
  app.addHook('onClose', async () => {
    // a job in progress finishes before the pool closes
    if (app.hasDecorator('jobs')) await app.jobs.stop()
    await handle.close()
  })

  try {
    await migrateToLatest(handle.db)
    if (opts.seed !== false) await seedIfEmpty(handle.db, opts.dataDir)
  } catch (err) {
    await handle.close()
    throw err
  }

  const now = opts.now ?? (() => new Date())
  const payments = new PaymentRegistry(handle.db, { dataDir: opts.dataDir, factories: opts.payments?.factories, env: opts.payments?.env })
  const limits: OrderRateLimits = {
    perUser: envInt('ORDER_RATE_PER_USER', DEFAULT_ORDER_RATE_LIMITS.perUser),
    perIp: envInt('ORDER_RATE_PER_IP', DEFAULT_ORDER_RATE_LIMITS.perIp),
    windowMs: DEFAULT_ORDER_RATE_LIMITS.windowMs,
    ...opts.orders?.rateLimits
  }
  const orders: OrderRuntime = {
    db: handle.db,
    payments,
    ttlMinutes: opts.orders?.ttlMinutes ?? envInt('ORDER_TTL_MINUTES', 15),
    log: app.log,
    now,
    limiter: new OrderRateLimiter(limits),
    publicBaseUrl: (opts.orders?.publicBaseUrl ?? process.env.PUBLIC_BASE_URL ?? '').replace(/\/+$/, '')
  }
  const jobs = createJobWorker({
    db: handle.db, dataDir: opts.dataDir, log: app.log, now,
    reconcile: (at) => reconcile(orders, at)
  }, { autoStart: process.env.JOBS_ENABLED !== '0', ...opts.jobs })
  orders.onPaid = () => jobs.kick()
  app.decorate('payments', payments)
  app.decorate('orders', orders)
  app.decorate('jobs', jobs)
  if (jobs.opts.autoStart) app.addHook('onReady', async () => jobs.start())

  const identity: IdentityRuntime = {
    db: handle.db,
    now: opts.identity?.now ?? now,
    sms: opts.identity?.sms ?? createConsoleSms(app.log),
    log: app.log,
    fetch: opts.identity?.fetch ?? ((input, init) => fetch(input, init)),
    storage: opts.identity?.storage ?? createLocalStorage(path.join(opts.dataDir, 'files')),
    env: opts.identity?.env ?? process.env,
    guesses: guessLimiters()
  }
  app.decorate('identity', identity)
  writeAwardImages(opts.dataDir)

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
  await app.register(notifyRoutes)

  const nonces = new NonceStore()
  await app.register(async (api) => {
    installTenant(api)
    installSignature(api, nonces)
    await api.register(systemRoutes)
    await api.register(itemsRoutes)
    await api.register(indexRoutes)
    await api.register(webArticleRoutes)
    await api.register(donateRoutes)
    await api.register(loginRoutes)
    await api.register(centerRoutes)
    await api.register(uploadRoutes)
    await api.register(certificateRoutes)
    await api.register(receiptRoutes)
  }, { prefix: '/api/:school' })
  // foundation staff: their own prefix and tokens, no app signature (routes/staff)
  await app.register(staffRoutes, { prefix: STAFF_API_PREFIX })

  return app
}
