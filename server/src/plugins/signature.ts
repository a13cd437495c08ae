/**
 * Request signature (docs/decisions/006-request-signature.md): `signature` = base64(AES-128-CBC/PKCS#7(ms timestamp)),
 * key = the school's signKey, IV = the first 16 characters of `nonce`. Rejects missing or undecryptable
 * signatures, timestamps more than 300 s off, and nonces seen in the last 10 minutes (replay). A timestamp refused as
 * too far off carries the server's time (`data.serverTime`, ms): the app corrects its clock by it and sends the call
 * once more (docs/decisions/040-clock-tolerance.md).
 * Nonces are claimed in the shared store (lib/shared-store: the database or Redis), so a request replayed to another
 * server process behind the proxy is refused as well. The database store claims the nonces of requests arriving
 * together in one multi-row upsert (group commit, docs/decisions/026-read-path.md); each request still waits for its
 * own answer.
 *
 * A route with `config: { nonceWithWindows: true }` (donate) has its handler claim the nonce together with its rate
 * windows, one round trip to the store (docs/decisions/087-postgresql-peak-statements.md): the hook checks the
 * signature and its time as always and leaves the claim on the request; the handler takes it (takeNonce) and hands
 * it to the store's claimAndHit, which refuses a replay before counting anything. A request that fails before its
 * handler took the claim (no session, a malformed body, no consent) claims it in this scope's error handler, which
 * answers a replay as the hook would have (nonceReplayed) and any other request with its own error; a response
 * sent without the claim taken claims it on the way out. PERF_MACHINERY=off: the hook claims every nonce itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SIGNATURE, type ClockRefusal } from '../../../types'
import { signatureError } from '../errors'
import type { SharedStore } from '../lib/shared-store'
import { decipherCbc } from '../perf/signature-decipher'
import { PERF_ON } from '../perf/switch'

/** a nonce claim left to the route's handler: the claim the hook would have made */
export interface DeferredNonce {
  key: string
  ttlMs: number
  now: number
  /** handed to the handler, or claimed on the way out: never claimed twice */
  taken: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the handler claims the request's nonce with its rate windows (takeNonce), one round trip (plugins/signature.ts) */
    nonceWithWindows?: true
  }
  interface FastifyRequest {
    /** the nonce claim the signature hook left to the handler (config.nonceWithWindows), else null */
    deferredNonce: DeferredNonce | null
  }
}

/** The nonce claim the signature hook left to this request's handler, now the handler's to make (the rate windows'
 *  claimAndHit); null when the hook claimed it itself. */
export function takeNonce(req: FastifyRequest): { key: string; ttlMs: number; now: number } | null {
  const d = req.deferredNonce
  if (!d || d.taken) return null
  d.taken = true
  return { key: d.key, ttlMs: d.ttlMs, now: d.now }
}

export class NonceStore {
  constructor(
    private readonly store: SharedStore,
    private readonly ttlMs: number = SIGNATURE.NONCE_TTL_MS,
    /** key prefix: request nonces and middle-school hand-offs are separate sets */
    private readonly prefix = 'nonce:'
  ) {}

  /** false when the nonce was already used within the TTL (by this process or any other) */
  remember(key: string, now = Date.now()): Promise<boolean> {
    return this.store.claim(this.prefix + key, this.ttlMs, now)
  }

  /** the claim remember would make, for a handler to make later (takeNonce) */
  deferred(key: string, now = Date.now()): DeferredNonce {
    return { key: this.prefix + key, ttlMs: this.ttlMs, now, taken: false }
  }

  /** makes a deferred claim (the request ended before its handler took it) */
  settle(d: DeferredNonce): Promise<boolean> {
    d.taken = true
    return this.store.claim(d.key, d.ttlMs, d.now)
  }
}

/** The longest ciphertext a timestamp of at most 16 digits gives: two blocks. */
const MAX_SIGNATURE_BYTES = 32

export function decryptTimestamp(signature: string, signKey: string, nonce: string): number | null {
  try {
    const iv = Buffer.from(nonce.slice(0, 16), 'utf8')
    const cipher = Buffer.from(signature, 'base64')
    if (Buffer.byteLength(signKey, 'utf8') !== 16 || iv.length !== 16) return null
    if (!cipher.length || cipher.length % 16 || cipher.length > MAX_SIGNATURE_BYTES) return null
    // a decipher kept per sign key, CBC on top (perf/signature-decipher.ts)
    const plain = decipherCbc(signKey, iv, cipher)
    if (!plain) return null
    const text = plain.toString('utf8')
    return /^\d{1,16}$/.test(text) ? Number(text) : null
  } catch {
    return null
  }
}

/** The shared-store key of a signed request: school, signed timestamp (16 digits, so keys sort by time), nonce. */
export const nonceKey = (schoolId: number, ts: number, nonce: string) => `${schoolId}:${String(ts).padStart(16, '0')}:${nonce}`

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''

export function installSignature(
  api: FastifyInstance,
  store: NonceStore,
  now: () => number = Date.now,
  /** routes with config.nonceWithWindows claim in their handler (off with PERF_MACHINERY=off) */
  deferToHandler = PERF_ON
) {
  api.decorateRequest('deferredNonce', null)
  if (deferToHandler) {
    // a failure before the handler took the claim: claimed here, a replay answered as the hook would have. Thrown
    // on, the error goes to the app's error handler (plugins/envelope.ts), which writes the answer.
    api.setErrorHandler(async (err, req) => {
      const d = req.deferredNonce
      if (d && !d.taken && !(await store.settle(d))) throw signatureError('nonceReplayed')
      throw err
    })
    api.addHook('onSend', async (req, _reply, payload) => {
      const d = req.deferredNonce
      // a route that answered without taking its claim: the nonce is used all the same
      if (d && !d.taken && !(await store.settle(d)))
        req.log.error({ url: req.url }, 'answered a replayed request: its route never took the nonce claim')
      return payload
    })
  }
  api.addHook('onRequest', async (req) => {
    const nonce = header(req.headers.nonce)
    const signature = header(req.headers.signature)
    if (!nonce || !signature) throw signatureError('signatureMissing')
    if (!SIGNATURE.NONCE_PATTERN.test(nonce) || req.school.sign_key.length !== 16) throw signatureError('signatureInvalid')
    const ts = decryptTimestamp(signature, req.school.sign_key, nonce)
    if (ts === null) throw signatureError('signatureInvalid')
    const t = now()
    if (Math.abs(t - ts) > SIGNATURE.MAX_SKEW_MS) throw signatureError('signatureExpired', { serverTime: t } satisfies ClockRefusal)
    // Remember only after the signature checked out, so garbage cannot fill the store. The key leads with the signed
    // timestamp: a replay carries the same signature, so the same timestamp and key, while the keys of fresh requests
    // arrive in time order and land at the right edge of the store's key index instead of at random places in it
    // (the claim was about a third of a signed read's CPU on SQLite, mostly those scattered page writes: decision 027,
    // "The nonce key leads with the signed timestamp").
    // The same nonce under another timestamp needs a new signature, which takes the school's sign key.
    const key = nonceKey(req.school.id, ts, nonce)
    if (deferToHandler && req.routeOptions.config.nonceWithWindows) {
      req.deferredNonce = store.deferred(key, t)
      return
    }
    if (!(await store.remember(key, t))) throw signatureError('nonceReplayed')
  })
}
