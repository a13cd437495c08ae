/**
 * Verification codes (docs/product §4 SMS countdown, §7 getSmsCode, §9): 6 digits, valid 5 minutes, single use, stored as
 * sha256(salt:code). Sending is throttled per mobile AND per client IP: one per 60 s, ten per 24 hours (a window
 * opened by the first send). The throttle is a row per key moved forward by an UPDATE that also names the value
 * it read (optimistic): two simultaneous requests cannot both pass, on SQLite or PostgreSQL, in one process or
 * several. A newer code replaces the older unused ones; five guesses (the right one included) use up a code.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { SMS_LIMITS } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import type { AreaMobile } from './phone'
import type { IdentityRuntime } from './runtime'
import { smsProviderFor } from '../channel/sms'

const EPOCH = new Date(0).toISOString()
const DAY_MS = 24 * 3600_000

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex')

type Scope = 'mobile' | 'ip'

/** Takes one send from the key's allowance or throws the -1 that says why (too soon / daily limit). */
async function takeSend(trx: Transaction<DB>, schoolId: number, scope: Scope, key: string, now: Date) {
  await trx
    .insertInto('sms_throttle')
    .values({
      school_id: schoolId,
      scope,
      throttle_key: key,
      last_sent_at: EPOCH,
      window_started_at: EPOCH,
      window_count: 0
    })
    .onConflict((oc) => oc.columns(['school_id', 'scope', 'throttle_key']).doNothing())
    .execute()
  const row = await trx
    .selectFrom('sms_throttle')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('scope', '=', scope)
    .where('throttle_key', '=', key)
    .executeTakeFirstOrThrow()

  const waitMs = Date.parse(row.last_sent_at) + SMS_LIMITS.RESEND_SECONDS * 1000 - now.getTime()
  if (waitMs > 0) throw bizError('smsTooSoon', { seconds: Math.ceil(waitMs / 1000) })
  const windowOver = Date.parse(row.window_started_at) + DAY_MS <= now.getTime()
  if (!windowOver && row.window_count >= SMS_LIMITS.PER_DAY) throw bizError('smsDailyLimit')

  const r = await trx
    .updateTable('sms_throttle')
    .set({
      last_sent_at: now.toISOString(),
      window_started_at: windowOver ? now.toISOString() : row.window_started_at,
      window_count: windowOver ? 1 : row.window_count + 1
    })
    .where('school_id', '=', schoolId)
    .where('scope', '=', scope)
    .where('throttle_key', '=', key)
    .where('last_sent_at', '=', row.last_sent_at)
    .where('window_count', '=', row.window_count)
    .executeTakeFirst()
  // someone sent in between: for this caller it is "too soon"
  if (Number(r.numUpdatedRows) !== 1) throw bizError('smsTooSoon', { seconds: SMS_LIMITS.RESEND_SECONDS })
}

export async function requestCode(rt: IdentityRuntime, school: { id: number; code: string }, mobile: AreaMobile, ip: string) {
  // the school's own gateway; the console only where none is configured and never for a production school.
  // Decided before any allowance is taken, so a school without SMS does not use up the donor's sends.
  const choice = await smsProviderFor({ db: rt.db, env: rt.env, fetch: rt.fetch, outbound: rt.outbound, fallback: rt.sms }, school.id)
  if (choice.kind === 'not-configured') {
    rt.log.error({ schoolId: school.id, reason: choice.reason }, 'SMS is not configured: verification code refused')
    throw bizError('smsNotConfigured')
  }
  const sms = choice.provider
  const now = rt.now()
  const code = String(randomInt(0, 10 ** SMS_LIMITS.CODE_LENGTH)).padStart(SMS_LIMITS.CODE_LENGTH, '0')
  const salt = randomBytes(12).toString('hex')
  await rt.db.transaction().execute(async (trx) => {
    await takeSend(trx, school.id, 'mobile', mobile.key, now)
    await takeSend(trx, school.id, 'ip', ip.slice(0, 128) || 'unknown', now)
    await trx
      .updateTable('sms_code')
      .set({ used_at: now.toISOString() })
      .where('school_id', '=', school.id)
      .where('mobile', '=', mobile.key)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('sms_code')
      .values({
        school_id: school.id,
        mobile: mobile.key,
        salt,
        code_hash: hashCode(salt, code),
        ip: ip.slice(0, 64),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SMS_LIMITS.CODE_TTL_SECONDS * 1000).toISOString(),
        used_at: null
      })
      .execute()
  })
  try {
    await sms.sendCode({ schoolCode: school.code, mobile: mobile.key, code, ttlSeconds: SMS_LIMITS.CODE_TTL_SECONDS })
  } catch (err) {
    rt.log.error({ err, provider: sms.name }, 'sms provider refused the verification code')
    throw bizError('smsSendFailed')
  }
  return { resendAfter: SMS_LIMITS.RESEND_SECONDS, expiresIn: SMS_LIMITS.CODE_TTL_SECONDS }
}

/**
 * Checks the newest live code of the mobile and consumes it. Any failure is the same -1 (wrong, expired, used,
 * burnt), so a guesser learns nothing. A guess takes its attempt BEFORE the code is compared, by one conditional
 * UPDATE (attempts + 1 only while under the limit, on a live code): parallel guesses each need their own row
 * update, so no more than MAX_ATTEMPTS of them are ever compared (checking, comparing and then counting let 25 of
 * 25 parallel guesses be compared). The right code takes an attempt too. The consuming UPDATE is conditional as
 * well: of two logins with one code, one wins.
 */
export async function consumeCode(db: Kysely<DB>, schoolId: number, mobile: AreaMobile, code: string, now: Date): Promise<void> {
  const nowIso = now.toISOString()
  const row = await db
    .selectFrom('sms_code')
    .select(['id', 'salt', 'code_hash'])
    .where('school_id', '=', schoolId)
    .where('mobile', '=', mobile.key)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) throw fieldRefusal('code', 'smsCodeInvalid')
  const taken = await db
    .updateTable('sms_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', SMS_LIMITS.MAX_ATTEMPTS)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) !== 1) throw fieldRefusal('code', 'smsCodeInvalid')
  const given = Buffer.from(hashCode(row.salt, code), 'hex')
  const stored = Buffer.from(row.code_hash, 'hex')
  if (!/^\d{6}$/.test(code) || given.length !== stored.length || !timingSafeEqual(given, stored))
    throw fieldRefusal('code', 'smsCodeInvalid')
  const r = await db
    .updateTable('sms_code')
    .set({ used_at: nowIso })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) !== 1) throw fieldRefusal('code', 'smsCodeInvalid')
}
