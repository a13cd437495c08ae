/**
 * Sessions: opaque random tokens, stored as sha256, bound to the school that issued them, valid 2 hours.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { WECHAT_DEFAULT_NICKNAME, type AuthToken, type Lang, type UserBaseInfo } from '../../../../types'
import type { DB } from '../../db/schema'
import { t } from '../../i18n'
import { nowIso, toWireDate } from '../../lib/dates'
import { newToken } from '../../lib/random'
import * as repo from './repository'

export const SESSION_TTL_MS = 2 * 3600_000
export const DEFAULT_NICKNAME = '爱心校友'

/**
 * A nickname as others read it: the ones the platform gave (爱心校友 here, 微信用户 from WeChat) are words of the
 * app, not the donor's, and read in the request's language ("A caring alumnus" in English); a donor's own stays as
 * they wrote it.
 */
export function shownNickname(lang: Lang, nickname: string | null | undefined): string {
  const n = (nickname ?? '').trim()
  return n === DEFAULT_NICKNAME || n === WECHAT_DEFAULT_NICKNAME ? t(lang, 'defaultNickname') : n
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function issueToken(db: Kysely<DB>, schoolId: number, userId: number): Promise<AuthToken> {
  const token = newToken()
  const expires = new Date(Date.now() + SESSION_TTL_MS).toISOString()
  await repo.deleteExpiredSessions(db, nowIso())
  await repo.insertSession(db, { school_id: schoolId, user_id: userId, token_hash: hashToken(token), expires_at: expires })
  return { token, expiresAt: toWireDate(expires) }
}

export async function authenticate(db: Kysely<DB>, schoolId: number, token: string) {
  if (!token) return null
  return (await repo.findLiveSession(db, schoolId, hashToken(token), nowIso())) ?? null
}

/**
 * The live session with the donor's app_user row in one statement, and with `consentDefault` the privacy consent
 * facts as well (plugins/auth.ts, for routes that use the row or collect personal data). The same rules as
 * `authenticate`: an empty, expired or other school's token is no session.
 */
export async function authenticateWithUser(db: Kysely<DB>, schoolId: number, token: string, consentDefault?: number) {
  if (!token) return null
  return repo.findLiveSessionWithUser(db, schoolId, hashToken(token), nowIso(), consentDefault)
}

/** Issues a fresh token and ends the old one: a refreshed token cannot be replayed. */
export async function refresh(db: Kysely<DB>, schoolId: number, session: { id: number; user_id: number }) {
  const next = await issueToken(db, schoolId, session.user_id)
  await repo.deleteSession(db, schoolId, session.id)
  return next
}

export async function baseInfo(db: Kysely<DB>, schoolId: number, userId: number): Promise<UserBaseInfo | null> {
  const u = await repo.getUser(db, schoolId, userId)
  if (!u) return null
  // docs/product §3: mobile is sent without the "+86-" country prefix.
  return { name: u.name, mobile: u.mobile.replace(/^\+\d{1,3}-/, ''), idNo: u.id_no, nickname: u.nickname, avatar: u.avatar }
}
