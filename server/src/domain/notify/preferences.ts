/**
 * The donor's notification choices (docs/product §2 Personal centre, docs/decisions/044-notifications.md): an e-mail
 * address for news, the language of the news, and per kind of news and channel on or off. Nothing is on by default,
 * except an e-mail receipt to the address the donor gave when asking for it (turning it off here stops that too).
 * Every read and write filters by the caller's school and user.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { NOTICE_CHANNELS, NOTICE_KINDS, isNoticeChannel, isNoticeKind, type NoticeChannelName, type NoticeKind } from './kinds'

type Db = Kysely<DB> | Transaction<DB>

export interface NoticePreferences {
  email: string
  lang: Lang
  /** every kind, every channel: on or off */
  choices: { kind: NoticeKind; channel: NoticeChannelName; enabled: boolean }[]
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** on without a row: only an e-mail receipt (the address is the one given in the receipt application) */
export const onByDefault = (kind: NoticeKind, channel: NoticeChannelName) => kind === 'receipt' && channel === 'email'

export async function allowed(db: Db, schoolId: number, userId: number, kind: NoticeKind, channel: NoticeChannelName): Promise<boolean> {
  const row = await db
    .selectFrom('notify_preference')
    .select('enabled')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('channel', '=', channel)
    .executeTakeFirst()
  return row ? row.enabled === 1 : onByDefault(kind, channel)
}

export async function contactOf(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('notify_contact')
    .select(['email', 'lang'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function getPreferences(db: Db, schoolId: number, userId: number): Promise<NoticePreferences> {
  const [contact, rows] = await Promise.all([
    contactOf(db, schoolId, userId),
    db
      .selectFrom('notify_preference')
      .select(['kind', 'channel', 'enabled'])
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .execute()
  ])
  const choices = NOTICE_KINDS.flatMap((kind) =>
    NOTICE_CHANNELS.map((channel) => {
      const row = rows.find((r) => r.kind === kind && r.channel === channel)
      return { kind, channel, enabled: row ? row.enabled === 1 : onByDefault(kind, channel) }
    })
  )
  return { email: contact?.email ?? '', lang: contact?.lang === 'en' ? 'en' : 'zh_CN', choices }
}

export async function setPreference(
  db: Db,
  schoolId: number,
  userId: number,
  kind: NoticeKind,
  channel: NoticeChannelName,
  enabled: boolean,
  now: Date
) {
  const stamp = now.toISOString()
  await db
    .insertInto('notify_preference')
    .values({ school_id: schoolId, user_id: userId, kind, channel, enabled: enabled ? 1 : 0, updated_at: stamp })
    .onConflict((oc) =>
      oc.columns(['school_id', 'user_id', 'kind', 'channel']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: stamp })
    )
    .execute()
}

export async function savePreferences(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  body: { email?: string | null; lang?: string | null; choices?: { kind: string; channel: string; enabled: boolean }[] | null },
  now: Date
): Promise<NoticePreferences> {
  const email = (body.email ?? '').trim().slice(0, 200)
  if (email && !EMAIL.test(email)) throw fieldRefusal('email', 'emailInvalid')
  const lang: Lang = body.lang === 'en' ? 'en' : 'zh_CN'
  const choices = body.choices ?? []
  for (const c of choices) if (!isNoticeKind(c.kind) || !isNoticeChannel(c.channel)) throw bizError('noticeChoiceInvalid')
  const stamp = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notify_contact')
      .values({ school_id: schoolId, user_id: userId, email, lang, updated_at: stamp })
      .onConflict((oc) => oc.columns(['school_id', 'user_id']).doUpdateSet({ email, lang, updated_at: stamp }))
      .execute()
    for (const c of choices)
      await setPreference(trx, schoolId, userId, c.kind as NoticeKind, c.channel as NoticeChannelName, c.enabled, now)
  })
  return getPreferences(db, schoolId, userId)
}
