/**
 * Unsubscribe links that work without signing in (docs/decisions/044-notifications.md): the token names the school,
 * donor, kind and channel, and carries HMAC-SHA256 over them with the server's key — NOTIFY_SECRET when set (the same
 * on every process), else the school's own key made on first use (school.notify_secret). It turns one preference off
 * and nothing else; it does not expire (a link in a years-old e-mail still stops the e-mails).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { isNoticeChannel, isNoticeKind, type NoticeChannelName, type NoticeKind } from './kinds'

export interface UnsubscribeClaim {
  schoolId: number
  userId: number
  kind: NoticeKind
  channel: NoticeChannelName
}

const FORMAT = /^(\d{1,15})\.(\d{1,15})\.([a-z]{1,16})\.([a-z]{1,16})\.([A-Za-z0-9_-]{43})$/

const mac = (key: string, c: UnsubscribeClaim) =>
  createHmac('sha256', key).update(`unsubscribe:${c.schoolId}.${c.userId}.${c.kind}.${c.channel}`, 'utf8').digest()

export function signUnsubscribe(key: string, c: UnsubscribeClaim): string {
  return `${c.schoolId}.${c.userId}.${c.kind}.${c.channel}.${mac(key, c).toString('base64url')}`
}

/** the claim a well-formed token states, not yet checked (the key depends on its school) */
export function parseUnsubscribe(token: string): UnsubscribeClaim | null {
  const m = FORMAT.exec(token)
  if (!m || !isNoticeKind(m[3]) || !isNoticeChannel(m[4])) return null
  return { schoolId: Number(m[1]), userId: Number(m[2]), kind: m[3], channel: m[4] }
}

export function checkUnsubscribe(key: string, token: string): UnsubscribeClaim | null {
  const c = parseUnsubscribe(token)
  if (!c || !key) return null
  const given = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url')
  const expected = mac(key, c)
  return given.length === expected.length && timingSafeEqual(given, expected) ? c : null
}

/** NOTIFY_SECRET, or the school's key (created on first use by a conditional update: concurrent first uses agree) */
export async function unsubscribeKey(db: Kysely<DB>, schoolId: number, env: NodeJS.ProcessEnv): Promise<string> {
  if (env.NOTIFY_SECRET) return env.NOTIFY_SECRET
  const read = async () =>
    (await db.selectFrom('school').select('notify_secret').where('id', '=', schoolId).executeTakeFirst())?.notify_secret ?? ''
  let key = await read()
  if (!key) {
    await db
      .updateTable('school')
      .set({ notify_secret: randomBytes(32).toString('hex') })
      .where('id', '=', schoolId)
      .where('notify_secret', '=', '')
      .execute()
    key = await read()
  }
  return key
}
