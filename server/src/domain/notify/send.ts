/**
 * The `notify` job (docs/decisions/044-notifications.md): sends one notification row on the first channel the donor
 * can receive on and has allowed, or marks it skipped when there is none. A failed send throws, so the job worker
 * retries it with backoff (jobs/queue.ts); the row shows 'retrying' with the last error meanwhile and 'failed' once
 * the attempts are used up — staff see both (staff console, receipts), nothing is dropped silently.
 *
 * An e-mail receipt (receipt way 3) goes out with its file attached, and the application then moves to 7 sent by
 * itself (docs/product §4 receipt statuses), recorded in its history under the member of staff who attached the file.
 *
 * Channels, tried in order: e-mail, WeChat subscribe messages (channel-wechat.ts), Alipay subscription messages
 * (channel-alipay.ts; docs/decisions/049-subscribe-messages.md). A channel that cannot carry this message for good
 * throws NoticeSkip and the next one is tried.
 */
import type { Kysely } from 'kysely'
import type { Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import type { JobRow } from '../../jobs/queue'
import { fenToYuan } from '../../lib/money'
import type { FetchLike, OutboundPolicy } from '../../lib/outbound'
import type { FetchLike as SmsFetch } from '../../providers/sms/tencent'
import type { FileStorage } from '../../providers/storage/types'
import type { WechatJsapi } from '../../providers/wechat/jsapi'
import { alipayChannel } from './channel-alipay'
import { wechatChannel } from './channel-wechat'
import { prepareStatement } from '../statement/service'
import { isNoticeKind, type NoticeChannelName, type NoticeKind } from './kinds'
import type { Mailer } from './mail'
import { allowed, contactOf } from './preferences'
import { NoticeSkip } from './skip'
import { receiptSmsUnavailable, sendReceiptSms } from './sms-receipt'
import { renderNotice, type NoticeFacts } from './texts'
import { signUnsubscribe, unsubscribeKey } from './unsubscribe'

export interface NotifyRuntime {
  db: Kysely<DB>
  mailer: Mailer
  /** MAIL_FROM: the sender unless the school has its own (school.mail_from) */
  mailFrom: string
  /** PUBLIC_BASE_URL: unsubscribe links are absolute */
  publicBaseUrl: string
  storage: FileStorage
  env: NodeJS.ProcessEnv
  now: () => Date
  /** the platform channels (decision 049): the mini-program's access_token cache shared with sign-in, and where the
   *  server may send requests (lib/outbound.ts); `fetch` only in tests that simulate the network */
  jsapi: WechatJsapi
  outbound: OutboundPolicy
  fetch?: FetchLike
  /** SMS receipts through the school's Tencent gateway (sms-receipt.ts): its outbound policy and credential env */
  sms?: { outbound: OutboundPolicy; env: NodeJS.ProcessEnv; fetch?: SmsFetch }
}

export interface NoticeRow {
  id: number
  school_id: number
  user_id: number
  kind: NoticeKind
  ref_id: number
}

export interface Prepared {
  facts: NoticeFacts
  /** the address given for this one message (an e-mail receipt's postal_email), over the donor's news address */
  email?: string
  attachment?: { filename: string; content: Buffer; contentType: string }
  /** an e-mail receipt: moved to 7 once sent */
  receipt?: { id: number; fileUrl: string }
  /** the donor asked for this message just now (a statement by e-mail): their per-kind choice does not apply */
  requested?: boolean
  /** a message with its own way out, given by the donor for it (an SMS receipt to the number of its application) */
  direct?: { channel: 'sms'; to: string; unavailable: () => Promise<string | null>; send: () => Promise<void> }
}

/** One way of reaching a donor. */
export interface NoticeChannel {
  readonly name: NoticeChannelName
  /** where this donor can be reached for this message, or null (nothing given, or the channel is not set up) */
  address(rt: NotifyRuntime, n: NoticeRow, p: Prepared): Promise<string | null>
  send(rt: NotifyRuntime, n: NoticeRow, p: Prepared, to: string, lang: Lang): Promise<void>
}

const emailChannel: NoticeChannel = {
  name: 'email',
  async address(rt, n, p) {
    if (!rt.mailer.configured) return null
    if (p.email !== undefined) return p.email || null
    return (await contactOf(rt.db, n.school_id, n.user_id))?.email || null
  },
  async send(rt, n, p, to, lang) {
    const school = await rt.db.selectFrom('school').select('mail_from').where('id', '=', n.school_id).executeTakeFirstOrThrow()
    const from = school.mail_from || rt.mailFrom
    if (!from) throw new Error('MAIL_FROM is not set (nor the school mail_from)')
    const key = await unsubscribeKey(rt.db, n.school_id, rt.env)
    const token = signUnsubscribe(key, { schoolId: n.school_id, userId: n.user_id, kind: n.kind, channel: 'email' })
    const url = `${rt.publicBaseUrl}/unsubscribe?token=${token}`
    const body = renderNotice(n.kind, lang, p.facts, url)
    await rt.mailer.send({
      from,
      to,
      ...body,
      // RFC 8058 one-click unsubscribe: mail clients POST to the same link
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      attachments: p.attachment ? [p.attachment] : undefined
    })
  }
}

/** in the order tried; the first the donor allowed and can be reached on carries the message */
export const channels: NoticeChannel[] = [emailChannel, wechatChannel, alipayChannel]

const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' }

/** What the message says, read when it is sent; null when there is nothing to say any more. */
async function prepare(rt: NotifyRuntime, n: NoticeRow): Promise<Prepared | null> {
  const db = rt.db
  const school = await db.selectFrom('school').select('name').where('id', '=', n.school_id).executeTakeFirstOrThrow()
  const gift = (donationId: number) =>
    db
      .selectFrom('donation as d')
      .innerJoin('project as p', 'p.id', 'd.items_id')
      .select(['d.id', 'd.user_id', 'd.bill_no', 'd.amount_fen', 'd.refunded_fen', 'd.status', 'p.name as project'])
      .where('d.school_id', '=', n.school_id)
      .where('d.id', '=', donationId)
      .where('d.user_id', '=', n.user_id)
      .executeTakeFirst()
  const factsOf = (g: NonNullable<Awaited<ReturnType<typeof gift>>>, extra: Partial<NoticeFacts> = {}): NoticeFacts => ({
    schoolName: school.name,
    projectName: g.project,
    amountYuan: fenToYuan(Number(g.amount_fen) - Number(g.refunded_fen)),
    billNo: g.bill_no,
    ...extra
  })

  switch (n.kind) {
    case 'paid':
    case 'refund': {
      const g = await gift(n.ref_id)
      if (!g) return null
      return { facts: factsOf(g, { amountYuan: fenToYuan(g.amount_fen), refundYuan: fenToYuan(g.refunded_fen) }) }
    }
    case 'certificate': {
      const g = await gift(n.ref_id)
      const cert = await db
        .selectFrom('certificate')
        .select(['file_url', 'void_reason'])
        .where('school_id', '=', n.school_id)
        .where('donation_id', '=', n.ref_id)
        .executeTakeFirst()
      if (!g || !cert?.file_url || cert.void_reason) return null
      return { facts: factsOf(g) }
    }
    case 'receipt': {
      const r = await db
        .selectFrom('receipt_request')
        .selectAll()
        .where('school_id', '=', n.school_id)
        .where('id', '=', n.ref_id)
        .where('user_id', '=', n.user_id)
        .executeTakeFirst()
      // only an e-mail or SMS receipt with its file, not sent yet, not cancelled by a refund
      if (!r || (r.receipt_way !== 3 && r.receipt_way !== 4) || !r.file_url || r.status === 7 || r.refund_state === 'cancelled') return null
      const g = await gift(r.donation_id)
      if (!g) return null
      if (r.receipt_way === 4) {
        // SMS receipt: a short link to the receipt page, to the number given in the application (sms-receipt.ts)
        const sms = { id: r.id, mobile: r.postal_mobile_sms, projectName: g.project }
        if (!sms.mobile) return null
        return {
          facts: factsOf(g),
          receipt: { id: r.id, fileUrl: r.file_url },
          direct: {
            channel: 'sms',
            to: sms.mobile,
            unavailable: () => receiptSmsUnavailable(rt, n.school_id),
            send: () => sendReceiptSms(rt, n, sms)
          }
        }
      }
      const content = await rt.storage.readUrl(r.file_url)
      if (!content) throw new Error(`receipt file ${r.file_url} is missing from storage`)
      const ext = r.file_url.slice(r.file_url.lastIndexOf('.') + 1)
      return {
        facts: factsOf(g),
        email: r.postal_email,
        attachment: { filename: `receipt-${r.id}.${ext}`, content, contentType: MIME[ext] ?? 'application/octet-stream' },
        receipt: { id: r.id, fileUrl: r.file_url }
      }
    }
    case 'nameplate': {
      const rec = await db
        .selectFrom('naming_record')
        .select(['donation_id', 'nameplate_status', 'review_reason'])
        .where('school_id', '=', n.school_id)
        .where('id', '=', n.ref_id)
        .executeTakeFirst()
      const g = rec && (await gift(rec.donation_id))
      if (!rec || !g || (rec.nameplate_status !== 2 && rec.nameplate_status !== 3)) return null
      return { facts: factsOf(g, { approved: rec.nameplate_status === 2, reason: rec.review_reason }) }
    }
    case 'together': {
      const t = await db
        .selectFrom('together_donation as t')
        .innerJoin('project as p', 'p.id', 't.items_id')
        .select(['p.name as project', 't.target_fen'])
        .where('t.school_id', '=', n.school_id)
        .where('t.id', '=', n.ref_id)
        .where('t.user_id', '=', n.user_id)
        .executeTakeFirst()
      if (!t) return null
      return { facts: { schoolName: school.name, projectName: t.project, amountYuan: fenToYuan(t.target_fen), billNo: '' } }
    }
    case 'statement':
      // the yearly giving statement, PDF attached (domain/statement, docs/decisions/050-yearly-statement.md)
      return prepareStatement(db, n, rt.now())
    case 'monthly': {
      // a paused monthly plan (domain/monthly/collect.ts, docs/decisions/071-monthly-giving.md); nothing to say once
      // the donor stopped it or it runs again
      const p = await db
        .selectFrom('monthly_plan as m')
        .innerJoin('project as p', 'p.id', 'm.items_id')
        .select(['p.name as project', 'm.amount_fen', 'm.day_of_month', 'm.status'])
        .where('m.school_id', '=', n.school_id)
        .where('m.id', '=', n.ref_id)
        .where('m.user_id', '=', n.user_id)
        .executeTakeFirst()
      if (!p || p.status !== 'paused') return null
      return {
        facts: {
          schoolName: school.name,
          projectName: p.project,
          amountYuan: fenToYuan(p.amount_fen),
          billNo: '',
          dayOfMonth: p.day_of_month
        }
      }
    }
  }
}

/** the receipt was e-mailed: 1|6 -> 7 with history rows under the staff member who attached the file */
async function receiptSent(rt: NotifyRuntime, n: NoticeRow, receipt: { id: number; fileUrl: string }, at: string, sentBy = 'email') {
  await rt.db.transaction().execute(async (trx) => {
    const attach = await trx
      .selectFrom('fulfilment_history')
      .select('staff_id')
      .where('school_id', '=', n.school_id)
      .where('kind', '=', 'receipt')
      .where('request_id', '=', receipt.id)
      .where('action', '=', 'attach')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    const row = await trx
      .selectFrom('receipt_request')
      .select('status')
      .where('school_id', '=', n.school_id)
      .where('id', '=', receipt.id)
      .executeTakeFirst()
    if (!attach || !row || (row.status !== 1 && row.status !== 6)) return
    const moved = await trx
      .updateTable('receipt_request')
      .set({ status: 7, updated_at: at })
      .where('school_id', '=', n.school_id)
      .where('id', '=', receipt.id)
      .where('status', '=', row.status)
      .where('file_url', '=', receipt.fileUrl)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) return
    const steps: [number, number][] =
      row.status === 1
        ? [
            [1, 6],
            [6, 7]
          ]
        : [[6, 7]]
    for (const [from, to] of steps) {
      await trx
        .insertInto('fulfilment_history')
        .values({
          school_id: n.school_id,
          kind: 'receipt',
          request_id: receipt.id,
          action: 'advance',
          from_status: from,
          to_status: to,
          staff_id: attach.staff_id,
          detail: JSON.stringify({ sentBy, notificationId: String(n.id) }),
          created_at: at
        })
        .execute()
    }
  })
}

export async function runNotify(rt: NotifyRuntime, job: JobRow, payload: Record<string, unknown>): Promise<string> {
  const id = Number(payload.notificationId)
  if (!Number.isSafeInteger(id)) throw new Error('notify job without notificationId')
  const row = await rt.db
    .selectFrom('notification')
    .select(['id', 'school_id', 'user_id', 'kind', 'ref_id', 'state', 'attempts'])
    .where('id', '=', id)
    .where('school_id', '=', job.school_id)
    .executeTakeFirst()
  if (!row || !isNoticeKind(row.kind)) return 'gone'
  if (row.state !== 'queued' && row.state !== 'retrying') return row.state
  const n: NoticeRow = {
    id: Number(row.id),
    school_id: Number(row.school_id),
    user_id: Number(row.user_id),
    kind: row.kind,
    ref_id: Number(row.ref_id)
  }
  const mark = (
    set: Partial<{
      state: 'sent' | 'retrying' | 'failed' | 'skipped'
      channel: string
      recipient: string
      last_error: string
      attempts: number
      sent_at: string
    }>
  ) =>
    rt.db
      .updateTable('notification')
      .set({ ...set, updated_at: rt.now().toISOString() })
      .where('id', '=', n.id)
      .where('school_id', '=', n.school_id)
      .execute()

  try {
    const p = await prepare(rt, n)
    if (!p) {
      await mark({ state: 'skipped', last_error: 'nothing to say any more' })
      return 'skipped'
    }
    if (p.direct) {
      // a school without an SMS receipt template: the receipt waits for staff at 6, as before (not a failure)
      const why = await p.direct.unavailable()
      if (why) {
        await mark({ state: 'skipped', channel: p.direct.channel, last_error: why })
        return 'skipped'
      }
      await mark({ channel: p.direct.channel, recipient: p.direct.to })
      await p.direct.send()
      const at = rt.now().toISOString()
      await mark({ state: 'sent', attempts: row.attempts + 1, last_error: '', sent_at: at })
      if (p.receipt) await receiptSent(rt, n, p.receipt, at, p.direct.channel)
      return 'sent'
    }
    const lang: Lang = (await contactOf(rt.db, n.school_id, n.user_id))?.lang === 'en' ? 'en' : 'zh_CN'
    const skips: string[] = []
    for (const ch of channels) {
      // a channel the donor did not give, or did not allow for this kind, is never used
      if (!p.requested && !(await allowed(rt.db, n.school_id, n.user_id, n.kind, ch.name))) continue
      try {
        const to = await ch.address(rt, n, p)
        if (!to) continue
        await mark({ channel: ch.name, recipient: to })
        await ch.send(rt, n, p, to, lang)
      } catch (err) {
        if (!(err instanceof NoticeSkip)) throw err
        skips.push(`${ch.name}: ${err.message}`)
        continue
      }
      const at = rt.now().toISOString()
      await mark({ state: 'sent', attempts: row.attempts + 1, last_error: '', sent_at: at })
      // only e-mail carries the receipt's file: a WeChat or Alipay message tells of it, and staff still send it
      if (p.receipt && ch.name === 'email') await receiptSent(rt, n, p.receipt, at)
      return 'sent'
    }
    await mark({
      state: 'skipped',
      last_error: skips.length
        ? skips.join('; ').slice(0, 500)
        : rt.mailer.configured
          ? 'no channel given and allowed'
          : 'no channel given and allowed (SMTP_URL not set)'
    })
    return 'skipped'
  } catch (err) {
    const final = job.attempts >= job.max_attempts
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
    await mark({ state: final ? 'failed' : 'retrying', attempts: row.attempts + 1, last_error: message })
    throw err
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: NotifyRuntime
  }
}
