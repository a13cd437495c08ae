/**
 * Consent of the platform channels (docs/decisions/049-subscribe-messages.md). WeChat's one-time subscribe messages
 * (and Alipay's one-time subscriptions) allow one message per "accept" the donor taps in the platform's dialog. The app
 * reports each answer (notice/subscribe); an accept of one of the school's templates becomes a grant row and turns
 * that channel on for the kinds of news the template carries (the tap is the donor's choice, the personal centre can
 * turn it off again). Sending claims one grant: no unused grant, no message.
 */
import type { Kysely } from 'kysely'
import type { NoticeSubscribeAnswer, PlatformNoticeChannel } from '../../../../types'
import type { DB } from '../../db/schema'
import { isNoticeKind } from './kinds'
import { setPreference } from './preferences'
import type { NoticeRow, NotifyRuntime } from './send'
import { NoticeSkip } from './skip'
import { listTemplates, templateFor } from './templates'

/** unused grants kept per donor and template: a donor tapping "accept" on every gift cannot grow the table without end */
export const MAX_UNUSED_GRANTS = 20

export async function recordSubscribe(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  body: { channel: PlatformNoticeChannel; results: { templateId: string; accepted: boolean }[] },
  now: Date
): Promise<NoticeSubscribeAnswer> {
  const templates = (await listTemplates(db, schoolId)).filter((t) => t.channel === body.channel)
  const stamp = now.toISOString()
  let granted = 0
  await db.transaction().execute(async (trx) => {
    for (const r of body.results) {
      // an id that is not one of the school's templates is ignored: nothing could be sent with it
      const kinds = templates.filter((t) => t.templateId === r.templateId).map((t) => t.kind)
      if (!r.accepted || kinds.length === 0) continue
      const unused = await trx
        .selectFrom('notice_grant')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('school_id', '=', schoolId)
        .where('user_id', '=', userId)
        .where('channel', '=', body.channel)
        .where('template_id', '=', r.templateId)
        .where('notification_id', 'is', null)
        .executeTakeFirstOrThrow()
      if (Number(unused.n) < MAX_UNUSED_GRANTS) {
        await trx
          .insertInto('notice_grant')
          .values({ school_id: schoolId, user_id: userId, channel: body.channel, template_id: r.templateId, granted_at: stamp })
          .execute()
        granted++
      }
      for (const kind of kinds) if (isNoticeKind(kind)) await setPreference(trx, schoolId, userId, kind, body.channel, true, now)
    }
  })
  return { granted }
}

/**
 * One grant for this message: the one it already holds (a retry after a network failure), else the oldest unused one,
 * claimed with a conditional update so two workers never spend the same grant. null: the donor gave none.
 */
export async function claimGrant(
  db: Kysely<DB>,
  q: { schoolId: number; userId: number; channel: PlatformNoticeChannel; templateId: string; notificationId: number; now: Date }
): Promise<number | null> {
  const base = () =>
    db
      .selectFrom('notice_grant')
      .select('id')
      .where('school_id', '=', q.schoolId)
      .where('user_id', '=', q.userId)
      .where('channel', '=', q.channel)
      .where('template_id', '=', q.templateId)
  const held = await base().where('notification_id', '=', q.notificationId).executeTakeFirst()
  if (held) return Number(held.id)
  for (let i = 0; i < 3; i++) {
    const free = await base().where('notification_id', 'is', null).orderBy('id').limit(1).executeTakeFirst()
    if (!free) return null
    const r = await db
      .updateTable('notice_grant')
      .set({ notification_id: q.notificationId, used_at: q.now.toISOString() })
      .where('id', '=', free.id)
      .where('notification_id', 'is', null)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) === 1) return Number(free.id)
  }
  return null
}

/**
 * The donor's openId on a platform channel for this message: signed in through that mini-program, the school set up
 * for it (`appReady`), a template for the kind, and one unused grant claimed for the notification. Anything missing is a
 * NoticeSkip with the reason (the next channel is tried; nothing is retried).
 */
export async function claimPlatformAddress(
  rt: NotifyRuntime,
  n: NoticeRow,
  channel: PlatformNoticeChannel,
  why: { source: string; signIn: string; app: string },
  appReady: () => Promise<unknown>
): Promise<string> {
  const user = await rt.db
    .selectFrom('app_user')
    .select(['source', 'open_id'])
    .where('school_id', '=', n.school_id)
    .where('id', '=', n.user_id)
    .executeTakeFirst()
  if (user?.source !== why.source || !user.open_id) throw new NoticeSkip(why.signIn)
  if (!(await appReady())) throw new NoticeSkip(why.app)
  const tpl = await templateFor(rt.db, n.school_id, channel, n.kind)
  if (!tpl) throw new NoticeSkip(`no template for ${n.kind}`)
  const grant = await claimGrant(rt.db, {
    schoolId: n.school_id,
    userId: n.user_id,
    channel,
    templateId: tpl.templateId,
    notificationId: n.id,
    now: rt.now()
  })
  if (grant === null) throw new NoticeSkip('the donor gave no subscription for this template')
  return user.open_id
}
