/**
 * Builds the Fastify app without listening: main.ts listens, tests call inject(). Order: database (migrate, seed
 * when empty), envelope (validation, errors, 404), static files, config, then the per-school API under
 * /api/{school} with tenant resolution and the request signature.
 */
import path from 'node:path'
import cors from '@fastify/cors'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { openDatabase } from './db/factory'
import { migrateToLatest } from './db/migrations'
import { frameworkErrors, installEnvelope } from './plugins/envelope'
import { originList } from './lib/origins'
import { outboundPolicy } from './lib/outbound'
import { installStatic } from './plugins/static-h5'
import { DEFAULT_ADMIN_DIR, installStaticAdmin } from './plugins/static-admin'
import { installTenant } from './plugins/tenant'
import { installSession } from './plugins/auth'
import { installSignature, NonceStore } from './plugins/signature'
import { createSharedStore, startSweeper, type SharedStore } from './lib/shared-store'
import { configRoutes } from './routes/config'
import { systemRoutes } from './routes/system'
import { itemsRoutes } from './routes/items'
import { indexRoutes } from './routes/index'
import { webArticleRoutes } from './routes/web'
import { donateRoutes } from './routes/donate'
import { notifyRoutes } from './routes/donate/notify'
import { agreementNotifyRoutes } from './routes/monthly/notify'
import { wechatPushRoutes } from './routes/moderation/push'
import { OrderRateLimiter, orderRateLimits, type OrderRateLimits } from './domain/order/rate-limit'
import { DEFAULT_CHALLENGE_BITS, MAX_CHALLENGE_BITS, OrderChallenges } from './domain/order/challenge'
import { installProxyWatch } from './lib/proxy-watch'
import { API_PREFIX, DEVICE_HEADER, PROOF_HEADER } from '../../types'
import { reconcile } from './domain/order/reconcile'
import { billHourFromEnv, scheduleBillRuns } from './domain/bill/schedule'
import { createJobWorker } from './jobs'
import type { WorkerOptions } from './jobs/worker'
import { assertPublicBaseUrl, PaymentRegistry, type ProviderFactory } from './providers/payment/registry'
import type { ProviderName } from './providers/payment/types'
import type { OrderRuntime } from './plugins/context'
import './plugins/context'
import { writeAwardImages } from './domain/award/defaults'
import { guessLimiters, type FetchLike, type IdentityRuntime } from './domain/identity/runtime'
import { createConsoleSms } from './providers/sms/console'
import { WechatJsapi } from './providers/wechat/jsapi'
import type { ModerationRuntime } from './domain/moderation/service'
import { reportSmsConfiguration } from './domain/channel/sms'
import type { SmsProvider } from './providers/sms/types'
import { createLocalStorage } from './providers/storage/local'
import { createMailer, mailSettingsFromEnv } from './domain/notify/mail'
import type { NotifyRuntime } from './domain/notify/send'
import type { FileStorage } from './providers/storage/types'
import { loginRoutes } from './routes/login'
import { centerRoutes } from './routes/center'
import { uploadRoutes } from './routes/upload'
import { createUploadRuntime, uploadPolicyFromEnv, type UploadPolicy } from './domain/upload/policy'
import { installDonorText } from './plugins/donor-text'
import { AgreementGate, agreementLimitsFromEnv, type AgreementLimits } from './domain/agreement/limits'
import { certificateRoutes } from './routes/certificate'
import { receiptRoutes } from './routes/receipt'
import { noticeRoutes, unsubscribeRoutes } from './routes/notice'
import { statementRoutes } from './routes/statement'
import { monthlyRoutes } from './routes/monthly'
import { collect as collectMonthly } from './domain/monthly/collect'
import type { MonthlyDeps } from './domain/monthly/service'
import { givingDayRoutes } from './routes/giving-day'
import { receiptLinkRoutes } from './routes/web/receipt-link'
import { namingRoutes } from './routes/naming'
import { agreementRoutes } from './routes/agreement'
import { togetherRoutes } from './routes/together'
import { namingMapRoutes } from './routes/naming/map'
import { privacyRoutes } from './routes/privacy'
import { STAFF_API_PREFIX, staffRoutes } from './routes/staff'
import { installReadCache, installReadCacheInvalidation, ReadCache, readCacheTtlFromEnv } from './perf/read-cache'

/** re-exported for tests and tools that parse CORS_ORIGINS the way the server does */
export { originList }

export interface BuildOptions {
  /** proxies whose X-Forwarded-For is trusted (default: TRUST_PROXY from the environment; see trustProxySetting) */
  trustProxy?: string
  dataDir: string
  databaseUrl?: string
  logger?: boolean | FastifyServerOptions['logger']
  h5Dir?: string
  /** seed the demo schools when the school table is empty; default: only on the embedded SQLite database outside
   *  production (demoSeedsByDefault), never with DATABASE_URL or NODE_ENV=production */
  seed?: boolean
  /** donation flow; defaults from the environment (ORDER_TTL_MINUTES, ORDER_RATE_PER_USER/DEVICE/IP,
   *  ORDER_RATE_CHALLENGE_PER_IP, ORDER_CHALLENGE_BITS, PUBLIC_BASE_URL) */
  orders?: { ttlMinutes?: number; rateLimits?: Partial<OrderRateLimits>; challengeBits?: number; publicBaseUrl?: string }
  /** provider factories replacing the built-in ones (tests), and the environment "env:NAME" credentials read */
  payments?: { factories?: Partial<Record<ProviderName, ProviderFactory>>; env?: NodeJS.ProcessEnv }
  /** the job worker (certificates, reconciliation); autoStart false in tests, which call runJobsOnce();
   *  JOBS_ENABLED=0 keeps a process from running jobs (another process runs them) */
  jobs?: WorkerOptions
  /** the daily bill reconciliation: Beijing hour after which yesterday's bills are fetched, null never (default:
   *  BILL_RECONCILE_HOUR, else 10) */
  bills?: { hour: number | null }
  /** clock of the donation flow (tests) */
  now?: () => Date
  /** sign-in, centre and fulfilment: clock (SMS limits), SMS provider (default: the server log),
   *  fetch for WeChat/Alipay code exchange, file storage (default ${dataDir}/files), env for "env:NAME" credentials */
  identity?: { now?: () => Date; sms?: SmsProvider; fetch?: FetchLike; storage?: FileStorage; env?: NodeJS.ProcessEnv }
  /** donor upload quota, rates and free-disk floor; defaults from the environment (domain/upload/policy.ts) */
  uploads?: Partial<UploadPolicy>
  /** agreement generation: rates per donor and address, render slots; defaults from the environment
   *  (domain/agreement/limits.ts); the disk floor is the uploads' minFreeBytes */
  agreements?: Partial<AgreementLimits>
  /** web origins allowed to call the donor API with CORS (default: CORS_ORIGINS, comma-separated; none) */
  corsOrigins?: string[]
  /** nonces, rate windows, guess counters, token cache (default: REDIS_URL's Redis, else the database; tests inject) */
  sharedStore?: SharedStore
  /** tests: every success answer is checked against its route's response schema, and a field the schema does not
   *  declare (which would be dropped) or of another type is a 500 naming it (plugins/envelope.ts) */
  strictResponses?: boolean
  /** where the server may send requests (lib/outbound.ts): `hosts` defaults to OUTBOUND_HOSTS; `allowLoopback` is for
   *  tests only (fake WeChat/Alipay/card servers on 127.0.0.1) and has no environment setting */
  outbound?: { hosts?: string[]; allowLoopback?: boolean }
  /** ms a public, caller-independent answer is served from this process's read cache (perf/read-cache.ts);
   *  default READ_CACHE_TTL_MS or 1000; 0 turns it off */
  readCacheTtlMs?: number
  /** notifications (domain/notify, docs/decisions/044-notifications.md): SMTP_URL and MAIL_FROM by default; the
   *  environment NOTIFY_SECRET is read from */
  notify?: { smtpUrl?: string; mailFrom?: string; env?: NodeJS.ProcessEnv }
}

/**
 * The demo schools (sandbox cashier, sandbox sign-in, `demo` as the default school) belong to the embedded default
 * that README's first command starts, never to a deployment: a server on PostgreSQL or with NODE_ENV=production
 * starts with no school until `add-school` makes one, and seeds the demo only when told to
 * (`npx tsx server/src/cli/seed.ts`). docs/deployment.md "First start".
 */
export function demoSeedsByDefault(databaseUrl: string | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return !databaseUrl && env.NODE_ENV !== 'production'
}

const envInt = (name: string, fallback: number): number => {
  const v = Number(process.env[name])
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(v) && v >= 0 ? v : fallback
}

/** '' or unset: trust nobody; a number: that many hops; anything else: a comma-separated list of addresses/CIDRs. */
export function trustProxySetting(v: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  const s = (v ?? '').trim()
  if (!s || s === 'false' || s === '0') return false
  if (/^\d+$/.test(s)) {
    const hops = Number(s)
    return (_address: string, hop: number) => hop < hops
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
}

export const DEFAULT_H5_DIR = path.resolve(__dirname, '../../dist/h5')
export const BODY_LIMIT = 1_048_576

/** Query parameters that carry a secret: session tokens, pay-link tokens, campus-card passwords, sign-in codes,
 *  signatures. Compared lower-case after decoding, so `payToken`, `PAYTOKEN` and `pay%54oken` are all caught. */
const SECRET_PARAMS = new Set([
  'token',
  'paytoken',
  'password',
  'pwd',
  'code',
  'auth_code',
  'access_token',
  'openid',
  'sign',
  'signature',
  'nonce',
  'secret',
  'ticket'
])

/** Secrets may travel in the query (`token=`, `payToken=`, `password=`): strip them from logged URLs. Headers and
 *  bodies are never logged (the req serializer below writes method, URL and IP only). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const rawKey = eq < 0 ? pair : pair.slice(0, eq)
      let key = rawKey
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '))
      } catch {
        /* a malformed escape: keep the raw name */
      }
      return SECRET_PARAMS.has(key.trim().toLowerCase()) ? `${rawKey}=[REDACTED]` : pair
    })
  return `${url.slice(0, q)}?${pairs.join('&')}`
}

const LOG_REDACT_PATHS = ['req.headers.authorization', 'req.headers.signature', 'req.headers.token', 'req.headers.cookie']

function loggerOptions(logger: BuildOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  const own = {
    level: process.env.LOG_LEVEL ?? 'info',
    redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip })
    }
  }
  if (logger === true) return own
  // A caller's options (a stream, a level) never drop the redaction: its serializers and paths come on top.
  const theirs = logger as Exclude<FastifyServerOptions['logger'], boolean | undefined> & {
    redact?: unknown
    serializers?: Record<string, unknown>
  }
  const theirPaths = Array.isArray(theirs.redact) ? theirs.redact : ((theirs.redact as { paths?: string[] } | undefined)?.paths ?? [])
  return {
    ...own,
    ...theirs,
    redact: { paths: [...new Set([...LOG_REDACT_PATHS, ...theirPaths])], censor: '[REDACTED]' },
    serializers: { ...theirs.serializers, req: own.serializers.req }
  } as FastifyServerOptions['logger']
}

/**
 * One log line per request at most (docs/decisions/022-performance.md), written when the answer has gone, instead of
 * Fastify's pair ("incoming request", "request completed"). A successful GET (status < 400) logs at debug, so at the
 * default info level the browse path writes nothing; every other request (writes, refusals) logs one info line with
 * method, URL without its secrets (redactUrl), status and time; a failed answer logs at error with the error.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const quiet = !error && req.method === 'GET' && reply.statusCode < 400
    if (quiet && req.log.level !== 'debug' && req.log.level !== 'trace') return
    const line = { method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }
    if (error) reply.log.error({ ...line, err: error }, 'request')
    else if (quiet) reply.log.debug(line, 'request')
    else reply.log.info(line, 'request')
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  // Behind a reverse proxy every request comes from the proxy's address: TRUST_PROXY names the proxies whose
  // X-Forwarded-For is believed (an address, a CIDR list, or a hop count), so per-address limits see the visitor.
  const trustProxy = trustProxySetting(opts.trustProxy ?? process.env.TRUST_PROXY)
  const app = Fastify({
    logger: loggerOptions(opts.logger),
    // one line per request at most (OneLinePerRequest above)
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    trustProxy
  })
  const handle = openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl })
  app.decorate('db', handle.db)
  app.decorate('dataDir', opts.dataDir)
  app.addHook('onClose', async () => {
    // a job in progress finishes before the pool closes
    if (app.hasDecorator('jobs')) await app.jobs.stop()
    await handle.close()
  })

  const publicBaseUrl = (opts.orders?.publicBaseUrl ?? process.env.PUBLIC_BASE_URL ?? '').replace(/\/+$/, '')
  try {
    await migrateToLatest(handle.db)
    handle.prepareStatements?.()
    if (opts.seed ?? demoSeedsByDefault(opts.databaseUrl)) {
      // the demo seeder (its images, articles and activity) loads only when it may run: a test app copying the
      // run's template and a production server never need it
      const { seedIfEmpty } = await import('./seed')
      await seedIfEmpty(handle.db, opts.dataDir)
    }
    // refuse to start rather than give payment providers notify URLs built from a forgeable Host header
    await assertPublicBaseUrl(handle.db, publicBaseUrl)
  } catch (err) {
    await handle.close()
    throw err
  }

  const now = opts.now ?? (() => new Date())
  // state every server process shares (docs/decisions/023-scale-out.md): never in this process's memory
  let shared: SharedStore
  try {
    shared = opts.sharedStore ?? (await createSharedStore({ db: handle.db }))
  } catch (err) {
    await handle.close()
    throw err
  }
  const stopSweeper = startSweeper(shared, app.log, undefined, () => now().getTime())
  app.decorate('shared', shared)
  // a proxy TRUST_PROXY does not name is only visible in requests: said in the log and on the console dashboard
  installProxyWatch(app, { store: shared, trustProxySet: trustProxy !== false, now: () => now().getTime() })
  app.addHook('onClose', async () => {
    await stopSweeper()
    if (!opts.sharedStore) await shared.close()
  })
  // every request to another machine goes through this policy (docs/decisions/037-secrets-and-outbound.md)
  const outbound = outboundPolicy({
    hosts: opts.outbound?.hosts ?? process.env.OUTBOUND_HOSTS,
    allowLoopback: opts.outbound?.allowLoopback
  })
  const payments = new PaymentRegistry(handle.db, {
    dataDir: opts.dataDir,
    factories: opts.payments?.factories,
    env: opts.payments?.env,
    outbound
  })
  // peak days (docs/decisions/033-peak-day-order-limits.md): per donor and device; per address sized for a campus NAT
  const limits = orderRateLimits(process.env, opts.orders?.rateLimits)
  const challengeBits = Math.min(MAX_CHALLENGE_BITS, opts.orders?.challengeBits ?? envInt('ORDER_CHALLENGE_BITS', DEFAULT_CHALLENGE_BITS))
  const orders: OrderRuntime = {
    db: handle.db,
    payments,
    ttlMinutes: opts.orders?.ttlMinutes ?? envInt('ORDER_TTL_MINUTES', 15),
    log: app.log,
    now,
    limiter: new OrderRateLimiter(shared, limits),
    challenges: new OrderChallenges(handle.db, shared, challengeBits),
    publicBaseUrl
  }
  const billHour = opts.bills?.hour !== undefined ? opts.bills.hour : billHourFromEnv(process.env.BILL_RECONCILE_HOUR)
  const storage = opts.identity?.storage ?? createLocalStorage(path.join(opts.dataDir, 'files'))
  const mailEnv = mailSettingsFromEnv(opts.notify?.env ?? process.env)
  const mailer = createMailer({ smtpUrl: opts.notify?.smtpUrl ?? mailEnv.smtpUrl, mailFrom: opts.notify?.mailFrom ?? mailEnv.mailFrom })
  app.addHook('onClose', async () => mailer.close())
  // the mini-program's access_token cache: sign-in, content checks and subscribe messages share it (one token per AppID)
  const jsapi = new WechatJsapi({
    fetch: opts.identity?.fetch,
    outbound,
    now: () => (opts.identity?.now ?? now)().getTime(),
    store: shared,
    defaultApiBase: (opts.identity?.env ?? process.env).WECHAT_API_BASE
  })
  const notify: NotifyRuntime = {
    db: handle.db,
    jsapi,
    outbound,
    fetch: opts.identity?.fetch,
    mailer,
    mailFrom: opts.notify?.mailFrom ?? mailEnv.mailFrom,
    publicBaseUrl,
    storage,
    env: opts.notify?.env ?? process.env,
    now,
    // SMS receipts use the school's Tencent gateway with the sign-in codes' credentials and outbound rules
    sms: { outbound, env: opts.identity?.env ?? process.env, fetch: opts.identity?.fetch }
  }
  app.decorate('notify', notify)
  // monthly giving (docs/decisions/071-monthly-giving.md): its charges are paid through the order path above
  const monthly: MonthlyDeps = { db: handle.db, payments, log: app.log, now, onPaid: (id) => orders.onPaid?.(id), publicBaseUrl }
  app.decorate('monthly', monthly)
  const jobs = createJobWorker(
    {
      notify,
      db: handle.db,
      dataDir: opts.dataDir,
      log: app.log,
      now,
      // the order reconciliation, then the daily bill schedule (docs/decisions/038-bill-reconciliation.md)
      reconcile: async (at) => {
        const r = await reconcile(orders, at)
        await scheduleBillRuns(handle.db, at, billHour)
        // monthly giving: today's due plans, each month charged once whichever process gets there (decision 071)
        await collectMonthly(monthly)
        return r
      },
      payments,
      onPaid: (id) => orders.onPaid?.(id),
      agreements: () => ({ storage: app.identity.storage, gate: app.agreementGate })
    },
    { autoStart: process.env.JOBS_ENABLED !== '0', ...opts.jobs }
  )
  // public reads (perf/read-cache.ts): a donation marked paid outside a request (reconciliation) clears them too
  const readCacheTtl = opts.readCacheTtlMs ?? readCacheTtlFromEnv()
  const readCache = readCacheTtl > 0 ? new ReadCache(readCacheTtl) : null
  app.decorate('readCache', readCache)
  orders.onPaid = () => {
    readCache?.clear()
    jobs.kick()
  }
  app.decorate('payments', payments)
  app.decorate('orders', orders)
  app.decorate('jobs', jobs)
  if (jobs.opts.autoStart) app.addHook('onReady', async () => jobs.start())

  const identity: IdentityRuntime = {
    db: handle.db,
    now: opts.identity?.now ?? now,
    sms: opts.identity?.sms ?? createConsoleSms(app.log),
    log: app.log,
    fetch: opts.identity?.fetch,
    outbound,
    storage,
    env: opts.identity?.env ?? process.env,
    guesses: guessLimiters(shared),
    jsapi
  }
  app.decorate('identity', identity)
  // content security (docs/decisions/042): the same credentials, token cache and outbound rules as sign-in
  const moderation: ModerationRuntime = { ...identity, publicBaseUrl }
  app.decorate('moderation', moderation)
  orders.moderation = moderation
  // a production school that cannot send sign-in codes is named in the log at start (it answers -1 meanwhile)
  await reportSmsConfiguration(identity, identity.sms)
  app.decorate('uploads', createUploadRuntime({ ...uploadPolicyFromEnv(process.env), ...opts.uploads }, shared))
  app.decorate(
    'agreementGate',
    new AgreementGate(shared, { ...agreementLimitsFromEnv(process.env), ...opts.agreements }, () => app.uploads.policy.minFreeBytes)
  )
  writeAwardImages(opts.dataDir)

  // Envelope first: its hooks, validator compiler and error handler must cover every route registered below.
  let notFound: Parameters<typeof installEnvelope>[1]['notFound'] = () => undefined
  installEnvelope(app, { notFound: (req, reply) => notFound(req, reply), strictResponses: opts.strictResponses })
  if (readCache) installReadCacheInvalidation(app, readCache)
  notFound = await installStatic(app, { h5Dir: opts.h5Dir ?? DEFAULT_H5_DIR, filesDir: path.join(opts.dataDir, 'files') })
  await installStaticAdmin(app, { adminDir: process.env.ADMIN_DIR || DEFAULT_ADMIN_DIR }) // the staff console at /admin/ (decision 020)
  // CORS: the mini-programs send no Origin and the H5 app is same-origin, so no origin is allowed by default (a
  // reflected `origin: true` let any site read a donor's answers with their token). CORS_ORIGINS lists web origins
  // that may call the donor API; it never opens /staff-api.
  const corsOrigins = new Set(opts.corsOrigins ?? originList(process.env.CORS_ORIGINS, app.log))
  await app.register(cors, {
    delegator: (req, cb) => {
      const origin = req.headers.origin
      const allowed = !!origin && !req.url.startsWith('/staff-api/') && corsOrigins.has(origin)
      cb(null, {
        origin: allowed,
        methods: ['GET', 'POST', 'DELETE'],
        allowedHeaders: ['content-type', 'authorization', 'nonce', 'signature', 'lang', 'token', DEVICE_HEADER, PROOF_HEADER],
        // Date is not a CORS-safelisted answer header: an allowed origin's app reads the server's clock from it
        // (docs/decisions/040-clock-tolerance.md)
        exposedHeaders: ['date']
      })
    }
  })
  await app.register(configRoutes)
  await app.register(notifyRoutes)
  // monthly giving's agreement and charge notifications (docs/decisions/079-monthly-providers.md)
  await app.register(agreementNotifyRoutes)
  // WeChat's content-security verdicts for images (docs/decisions/042)
  await app.register(wechatPushRoutes)
  // unsubscribe links of notification e-mails: no sign-in (docs/decisions/044-notifications.md)
  await app.register(unsubscribeRoutes)
  // SMS receipts' short links (docs/decisions/050-yearly-statement.md)
  await app.register(receiptLinkRoutes)

  const nonces = new NonceStore(shared)
  await app.register(
    async (api) => {
      installTenant(api)
      installSignature(api, nonces)
      // donor-written text loses bidi and zero-width controls before any route sees it (lib/text.ts)
      installDonorText(api)
      // routes with config.session get the caller's session (or -997) before their handler (plugins/auth.ts)
      installSession(api)
      if (readCache) installReadCache(api, readCache)
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
      await api.register(noticeRoutes)
      await api.register(statementRoutes)
      await api.register(monthlyRoutes)
      await api.register(givingDayRoutes)
      await api.register(namingRoutes)
      await api.register(agreementRoutes)
      await api.register(togetherRoutes)
      await api.register(namingMapRoutes)
      await api.register(privacyRoutes)
    },
    { prefix: API_PREFIX }
  )
  // foundation staff: their own prefix and tokens, no app signature (routes/staff)
  await app.register(staffRoutes, { prefix: STAFF_API_PREFIX })

  return app
}
