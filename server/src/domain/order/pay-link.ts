/**
 * Order-scoped pay-link tokens (docs/decisions/009-alipay-pay-link.md). docs/product §2 has the Alipay page at
 * `alipay?billNo&token`, which would put the donor's session token into a URL that is copied out of WeChat into the
 * system browser. Instead the server issues `payToken` = expiry + HMAC-SHA256(school secret, billNo "." expiry):
 * it opens exactly one order's payment pages (donate4ali, payback, success) until the order expires, and nothing
 * else (no user calls, no other order, no other school: the key is the school's).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

const FORMAT = /^(\d{10,12})\.([A-Za-z0-9_-]{43})$/

function mac(secret: string, billNo: string, expSec: number): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(`${billNo}.${expSec}`, 'utf8').digest()
}

/** `<expiry seconds>.<base64url HMAC>`; exported for tests that need a token with another expiry. */
export function signPayToken(secret: string, billNo: string, expSec: number): string {
  return `${expSec}.${mac(secret, billNo, expSec).toString('base64url')}`
}

export type PayTokenCheck = 'ok' | 'expired' | 'invalid'

/** Constant-time check of a token against the order it names; the expiry inside is covered by the HMAC. */
export function checkPayToken(secret: string, billNo: string, token: string, now: Date): PayTokenCheck {
  const m = FORMAT.exec(token)
  if (!m || !secret) return 'invalid'
  const expSec = Number(m[1])
  const given = Buffer.from(m[2], 'base64url')
  const expected = mac(secret, billNo, expSec)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
  return expSec * 1000 > now.getTime() ? 'ok' : 'expired'
}

/** Known pay-link keys per database handle and school. A key, once set, never changes (nothing rotates it: the
 *  update below only fills an empty one), so a key read once is kept for the life of the process; read on every
 *  donate and every sandbox confirm otherwise. */
const knownSecrets = new WeakMap<object, Map<number, string>>()

/** The school's pay-link key, created on first use (a conditional update: concurrent first uses agree on one). */
export async function payLinkSecret(db: Db, schoolId: number): Promise<string> {
  const known = knownSecrets.get(db)?.get(schoolId)
  if (known) return known
  const read = async () =>
    (await db.selectFrom('school').select('pay_link_secret').where('id', '=', schoolId).executeTakeFirst())?.pay_link_secret ?? ''
  let secret = await read()
  if (!secret) {
    await db
      .updateTable('school')
      .set({ pay_link_secret: randomBytes(32).toString('hex') })
      .where('id', '=', schoolId)
      .where('pay_link_secret', '=', '')
      .execute()
    secret = await read()
  }
  // only outside a transaction: a key written by one that then rolls back must not be kept
  if (secret && !db.isTransaction) {
    let m = knownSecrets.get(db)
    if (!m) knownSecrets.set(db, (m = new Map()))
    m.set(schoolId, secret)
  }
  return secret
}

/** The token for an order: valid until the order's own expiry (an order without one gets `fallbackTtlMs`). */
export async function issuePayToken(
  db: Db,
  schoolId: number,
  billNo: string,
  expiresAt: string | null,
  now: Date,
  fallbackTtlMs: number
): Promise<string> {
  const expMs = expiresAt ? Date.parse(expiresAt) : now.getTime() + fallbackTtlMs
  return signPayToken(await payLinkSecret(db, schoolId), billNo, Math.ceil(expMs / 1000))
}

/** Whether `token` is the live pay token of `billNo` at this school (the sandbox cashier's proof that it was handed
 *  this order; an expired token opens nothing, like the pages it was issued for). */
export async function payTokenOpens(db: Db, schoolId: number, billNo: string, token: string, now: Date): Promise<boolean> {
  if (!token) return false
  return checkPayToken(await payLinkSecret(db, schoolId), billNo, token, now) === 'ok'
}
