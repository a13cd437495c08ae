/**
 * Sign-in by mobile + SMS code and by account + password (docs/product §7 Login), binding a mobile to the signed-in user
 * (docs/product §6 'bind mobile'), and the donor accounts the foundation creates. Tokens are the sessions of
 * domain/user/service.ts: the same table, lifetime and -997 handling as every other sign-in.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { AccountType, PASSWORD_HASH_PATTERN, type AccountTypeValue, type MobileLoginAnswer, type PassLoginAnswer } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { nowIso } from '../../lib/dates'
import { findOrCreateUser } from '../user/repository'
import * as repo from './repository'
import { DEFAULT_NICKNAME, issueToken } from '../user/service'
import { hashSecret, verifySecret } from './password'
import { parseAreaMobile, profileMobile, type AreaMobile } from './phone'
import type { IdentityRuntime } from './runtime'
import { loginSettings } from './settings'
import { consumeCode, requestCode } from './sms'

// The seed's portraits (seed/images.ts img.avatar: JPEG since the seed draws them; the .png names of before 404 on a
// fresh DATA_DIR and only showed where an older seed had left its PNGs on disk). server/test/auth.test.ts checks that
// every one of these is an image the seed writes.
export const DEFAULT_AVATARS = [1, 2, 3, 4].map((n) => `/files/seed/avatar-${n}.jpg`)
/** a stable default avatar per identity, as the sandbox identities get */
export const defaultAvatar = (key: string) => DEFAULT_AVATARS[createHash('sha256').update(key).digest()[0] % DEFAULT_AVATARS.length]

export const normaliseUsername = (u: string) => u.trim().toLowerCase()

async function requireOpenLogin(db: Kysely<DB>, schoolId: number) {
  if (!(await loginSettings(db, schoolId)).isOpenLogin) throw bizError('loginClosed')
}

function requireMobile(input: string): AreaMobile {
  const m = parseAreaMobile(input, { strict: true })
  if (!m) throw fieldRefusal('mobile', 'mobileInvalid')
  return m
}

export async function getSmsCode(rt: IdentityRuntime, school: { id: number; code: string }, mobile: string, ip: string) {
  await requireOpenLogin(rt.db, school.id)
  return requestCode(rt, school, requireMobile(mobile), ip)
}

/**
 * Without a session: the user who owns the mobile, created on first use (source 'mobile'). With a session: binds
 * the mobile to that user, refused when the mobile belongs to someone else or the user has another mobile.
 */
export async function mobileLogin(
  rt: IdentityRuntime,
  school: { id: number },
  body: { mobile: string; code: string },
  ctx: { ip: string; sessionUserId: number | null }
): Promise<MobileLoginAnswer> {
  const { db } = rt
  await requireOpenLogin(db, school.id)
  const mobile = requireMobile(body.mobile)
  const now = rt.now()
  if (!(await rt.guesses.ip.take(`${school.id}:${ctx.ip}`, now.getTime()))) throw bizError('loginTooMany')
  await consumeCode(db, school.id, mobile, body.code.trim(), now)

  const result = await db.transaction().execute(async (trx) => {
    const owner = await repo.loginOwner(trx, school.id, 'mobile', mobile.key)
    const stamp = now.toISOString()
    if (ctx.sessionUserId) {
      const userId = ctx.sessionUserId
      if (owner && owner.user_id !== userId) throw bizError('mobileBoundElsewhere')
      if (owner) return { userId, isNewUser: 0 as const, isBind: 0 as const }
      const other = await repo.mobileLoginOf(trx, school.id, userId)
      if (other) throw bizError('accountHasMobile')
      await repo.insertLogin(trx, {
        school_id: school.id,
        user_id: userId,
        kind: 'mobile',
        login_key: mobile.key,
        secret_hash: '',
        created_at: stamp,
        updated_at: stamp
      })
      await repo.setProfileMobile(trx, school.id, userId, profileMobile(mobile))
      return { userId, isNewUser: 0 as const, isBind: 1 as const }
    }
    if (owner) return { userId: owner.user_id, isNewUser: 0 as const, isBind: 0 as const }
    const user = await findOrCreateUser(trx, school.id, 'mobile', mobile.key, {
      nickname: DEFAULT_NICKNAME,
      avatar: defaultAvatar(mobile.key)
    })
    await repo.setProfileMobile(trx, school.id, user.id, profileMobile(mobile))
    await repo.insertLogin(trx, {
      school_id: school.id,
      user_id: user.id,
      kind: 'mobile',
      login_key: mobile.key,
      secret_hash: '',
      created_at: stamp,
      updated_at: stamp
    })
    return { userId: user.id, isNewUser: 1 as const, isBind: 0 as const }
  })
  const token = await issueToken(db, school.id, result.userId)
  return { ...token, isNewUser: result.isNewUser, isBind: result.isBind }
}

/** Unknown account: isRegister 0 and no token (docs/product §8 账号不存在). Wrong password: -1. */
export async function passLogin(
  rt: IdentityRuntime,
  school: { id: number },
  body: { username: string; password: string },
  ctx: { ip: string }
): Promise<PassLoginAnswer> {
  const { db } = rt
  await requireOpenLogin(db, school.id)
  if (!PASSWORD_HASH_PATTERN.test(body.password)) throw bizError('passwordFormat')
  const username = normaliseUsername(body.username)
  const now = rt.now().getTime()
  if (!(await rt.guesses.ip.take(`${school.id}:${ctx.ip}`, now))) throw bizError('loginTooMany')
  const login = await repo.loginOwner(db, school.id, 'password', username)
  if (!login) return { isRegister: 0 }
  // Failures per (account, IP) and per IP, never per account alone: a stranger guessing wrong from elsewhere
  // cannot lock the donor out (guesses.ts).
  const attempt = await rt.guesses.donor.attempt(String(school.id), username, ctx.ip, now)
  if (!(await verifySecret(login.secret_hash, body.password))) {
    rt.log.warn({ security: true, schoolId: school.id }, 'password sign-in with a wrong password')
    throw bizError('passwordWrong')
  }
  await attempt.succeeded()
  return { isRegister: 1, ...(await issueToken(db, school.id, login.user_id)) }
}

export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

/**
 * Creates or updates a donor account with a password (the foundation's accounts: CLI `staff.ts create-donor`).
 * `clientHash` is what the app would send: the lowercase hex SHA-256 of the password.
 */
export async function setDonorPassword(
  db: Kysely<DB>,
  schoolId: number,
  a: { username: string; clientHash: string; nickname?: string }
): Promise<{ userId: number; created: boolean }> {
  const username = normaliseUsername(a.username)
  if (!/^[a-z0-9_.@-]{3,64}$/.test(username)) throw new Error('username: 3 to 64 of a-z 0-9 _ . @ -')
  if (!PASSWORD_HASH_PATTERN.test(a.clientHash)) throw new Error('password hash must be 64 lowercase hex characters')
  const secret = await hashSecret(a.clientHash)
  return db.transaction().execute(async (trx) => {
    const stamp = nowIso()
    const existing = await repo.loginOwner(trx, schoolId, 'password', username)
    if (existing) {
      await repo.setLoginSecret(trx, schoolId, 'password', username, secret, stamp)
      return { userId: existing.user_id, created: false }
    }
    const user = await findOrCreateUser(trx, schoolId, 'account', username, {
      nickname: a.nickname || DEFAULT_NICKNAME,
      avatar: defaultAvatar(username)
    })
    await repo.insertLogin(trx, {
      school_id: schoolId,
      user_id: user.id,
      kind: 'password',
      login_key: username,
      secret_hash: secret,
      created_at: stamp,
      updated_at: stamp
    })
    return { userId: user.id, created: true }
  })
}

/** docs/product §6: type 1 (no verified mobile) with open login shows the 'bind mobile' prompt. */
export async function accountTypeOf(db: Kysely<DB>, schoolId: number, userId: number): Promise<AccountTypeValue> {
  const m = await repo.mobileLoginOf(db, schoolId, userId)
  return m ? AccountType.MOBILE : AccountType.UNBOUND
}
