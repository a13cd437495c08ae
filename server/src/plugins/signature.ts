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
 */
import type { FastifyInstance } from 'fastify'
import { SIGNATURE, type ClockRefusal } from '../../../types'
import { signatureError } from '../errors'
import type { SharedStore } from '../lib/shared-store'
import { decipherCbc } from '../perf/signature-decipher'

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

export function installSignature(api: FastifyInstance, store: NonceStore, now: () => number = Date.now) {
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
    if (!(await store.remember(nonceKey(req.school.id, ts, nonce), t))) throw signatureError('nonceReplayed')
  })
}
