/**
 * Message templates of the platform channels (docs/decisions/049-subscribe-messages.md): per school, channel and kind of
 * news, the template id the school picked in the WeChat (mp.weixin.qq.com, 订阅消息) or Alipay (商家平台, 消息模板)
 * console, and which fact goes into each of the template's fields. A template's fields are the school's choice
 * (thing1, amount2, time3 …), so the mapping is data, not code. The app reads the ids through the school config
 * (routes/config.ts) to know what to ask the donor to subscribe to.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Lang, NoticeKind, NoticeTemplateSetting, NoticeTemplates, PlatformNoticeChannel } from '../../../../types'
import { NOTICE_FACTS, NOTICE_KINDS, PLATFORM_NOTICE_CHANNELS, type NoticeFact } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { recordAudit } from '../staff/audit'
import type { NoticeFacts } from './texts'

type Db = Kysely<DB> | Transaction<DB>

/**
 * WeChat's field types and the longest value each takes (subscribe message documentation: thing 20 characters,
 * character_string 32, phrase 5, name 10 …); Alipay's templates number their fields keyword1, keyword2 ….
 */
const WECHAT_FIELD = /^(thing|amount|time|date|character_string|phrase|number|name|letter|symbol)(\d{1,2})$/
const ALIPAY_FIELD = /^keyword(\d{1,2})$/
const WECHAT_MAX: Record<string, number> = {
  thing: 20,
  amount: 12,
  time: 24,
  date: 24,
  character_string: 32,
  phrase: 5,
  number: 32,
  name: 10,
  letter: 32,
  symbol: 5
}
const ALIPAY_MAX = 40
const TEMPLATE_ID = /^[A-Za-z0-9_=+/-]{1,128}$/

export const isPlatformChannel = (v: unknown): v is PlatformNoticeChannel =>
  typeof v === 'string' && (PLATFORM_NOTICE_CHANNELS as readonly string[]).includes(v)

/** The fields of a template as stored: field key -> fact. */
function parseFields(raw: string): Record<string, NoticeFact> {
  try {
    const o = JSON.parse(raw) as Record<string, unknown>
    return Object.fromEntries(
      Object.entries(o).filter((e): e is [string, NoticeFact] => (NOTICE_FACTS as readonly string[]).includes(String(e[1])))
    )
  } catch {
    return {}
  }
}

export async function listTemplates(db: Db, schoolId: number): Promise<NoticeTemplateSetting[]> {
  const rows = await db.selectFrom('notice_template').selectAll().where('school_id', '=', schoolId).execute()
  return rows
    .filter((r) => isPlatformChannel(r.channel) && (NOTICE_KINDS as readonly string[]).includes(r.kind))
    .map((r) => ({
      channel: r.channel as PlatformNoticeChannel,
      kind: r.kind as NoticeKind,
      templateId: r.template_id,
      fields: parseFields(r.fields)
    }))
    .sort((a, b) => a.channel.localeCompare(b.channel) || NOTICE_KINDS.indexOf(a.kind) - NOTICE_KINDS.indexOf(b.kind))
}

export async function templateFor(db: Db, schoolId: number, channel: PlatformNoticeChannel, kind: NoticeKind) {
  const r = await db
    .selectFrom('notice_template')
    .select(['template_id', 'fields'])
    .where('school_id', '=', schoolId)
    .where('channel', '=', channel)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return r && r.template_id ? { templateId: r.template_id, fields: parseFields(r.fields) } : null
}

/** What the app asks the donor to subscribe to: per channel, kind -> template id. */
export async function templatesForApp(db: Db, schoolId: number): Promise<NoticeTemplates> {
  const out: NoticeTemplates = { wechat: {}, alipay: {} }
  for (const t of await listTemplates(db, schoolId)) out[t.channel][t.kind] = t.templateId
  return out
}

/**
 * Replaces the school's templates of the channels named in `list` (staff console, settings). Every field key must be
 * one of the platform's field types and every fact a known one; a template with no fields is refused (the platform
 * would send an empty message).
 */
export async function saveTemplates(
  db: Kysely<DB>,
  schoolId: number,
  staffId: number,
  list: { channel: string; kind: string; templateId: string; fields: Record<string, string> }[],
  now: Date
): Promise<NoticeTemplateSetting[]> {
  const seen = new Set<string>()
  for (const t of list) {
    if (!isPlatformChannel(t.channel) || !(NOTICE_KINDS as readonly string[]).includes(t.kind)) throw bizError('noticeTemplateInvalid')
    if (!TEMPLATE_ID.test(t.templateId.trim())) throw bizError('noticeTemplateInvalid')
    const keys = Object.keys(t.fields)
    if (keys.length === 0 || keys.length > 10) throw bizError('noticeTemplateInvalid')
    const pattern = t.channel === 'wechat' ? WECHAT_FIELD : ALIPAY_FIELD
    for (const [k, v] of Object.entries(t.fields)) {
      if (!pattern.test(k) || !(NOTICE_FACTS as readonly string[]).includes(v)) throw bizError('noticeTemplateInvalid')
    }
    const key = `${t.channel}.${t.kind}`
    if (seen.has(key)) throw bizError('noticeTemplateInvalid')
    seen.add(key)
  }
  const stamp = now.toISOString()
  const before = await listTemplates(db, schoolId)
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notice_template').where('school_id', '=', schoolId).execute()
    for (const t of list) {
      await trx
        .insertInto('notice_template')
        .values({
          school_id: schoolId,
          channel: t.channel,
          kind: t.kind,
          template_id: t.templateId.trim(),
          fields: JSON.stringify(t.fields),
          updated_at: stamp
        })
        .execute()
    }
    // template ids are no secret: the audit row keeps the whole list before and after
    await recordAudit(trx, {
      schoolId,
      staffId,
      action: 'notice.templates.update',
      entity: 'notice_template',
      entityId: String(schoolId),
      before,
      after: list
    })
  })
  return listTemplates(db, schoolId)
}

/** 'YYYY-MM-DD HH:mm' in Beijing time (WeChat's time field takes this form) */
export function beijingMinute(d: Date): string {
  const b = new Date(d.getTime() + 8 * 3600_000).toISOString()
  return `${b.slice(0, 10)} ${b.slice(11, 16)}`
}

const STATUS: Record<Lang, Record<NoticeKind, (f: NoticeFacts) => string>> = {
  zh_CN: {
    paid: () => '已到账',
    certificate: () => '已生成',
    receipt: () => '已开具',
    nameplate: (f) => (f.approved ? '已通过' : '需修改'),
    together: () => '已达成',
    refund: () => '已退款',
    statement: () => '已生成',
    monthly: () => '已暂停'
  },
  en: {
    paid: () => 'Received',
    certificate: () => 'Ready',
    receipt: () => 'Issued',
    nameplate: (f) => (f.approved ? 'Approved' : 'Returned'),
    together: () => 'Reached',
    refund: () => 'Refunded',
    statement: () => 'Ready',
    monthly: () => 'Paused'
  }
}
const NOTE: Record<Lang, Record<NoticeKind, (f: NoticeFacts) => string>> = {
  zh_CN: {
    paid: () => '感谢您的支持！',
    certificate: () => '可在“我的证书”中查看',
    receipt: () => '可在“我的票据”中查看',
    nameplate: (f) => (f.approved ? '您的铭牌已审核通过' : `退回原因：${f.reason ?? ''}`),
    together: () => '感谢您和每一位参与者！',
    refund: () => '款项将原路退回',
    statement: () => '可在“年度捐赠对账单”中下载',
    monthly: () => '扣款未成功，请检查签约账户'
  },
  en: {
    paid: () => 'Thank you for your support!',
    certificate: () => 'See My certificates',
    receipt: () => 'See My receipts',
    nameplate: (f) => (f.approved ? 'Nameplate approved' : `Returned: ${f.reason ?? ''}`),
    together: () => 'Thanks to everyone who gave!',
    refund: () => 'Refunded to where it was paid from',
    statement: () => 'Download it in Yearly statements',
    monthly: () => 'Could not be collected: check the signed account'
  }
}

/** the value of one fact for this message, before the field's length limit */
export function factValue(fact: NoticeFact, kind: NoticeKind, lang: Lang, f: NoticeFacts, at: Date): string {
  switch (fact) {
    case 'project':
      return f.projectName
    case 'school':
      return f.schoolName
    case 'amount':
      return `¥${kind === 'refund' ? (f.refundYuan ?? f.amountYuan) : f.amountYuan}`
    case 'time':
      return beijingMinute(at)
    case 'billNo':
      return f.billNo || '-'
    case 'status':
      return STATUS[lang][kind](f)
    case 'note':
      return NOTE[lang][kind](f)
  }
}

/** cut to the field's limit in characters (code points), ending with an ellipsis when cut */
function fit(value: string, max: number): string {
  const chars = Array.from(value)
  return chars.length <= max ? value : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`
}

/** The template's data: {thing1: {value: '…'}, …}, each value within its field's limit. */
export function templateData(
  channel: PlatformNoticeChannel,
  fields: Record<string, NoticeFact>,
  kind: NoticeKind,
  lang: Lang,
  f: NoticeFacts,
  at: Date
): Record<string, { value: string }> {
  const out: Record<string, { value: string }> = {}
  for (const [key, fact] of Object.entries(fields)) {
    const max = channel === 'wechat' ? (WECHAT_MAX[WECHAT_FIELD.exec(key)?.[1] ?? 'thing'] ?? 20) : ALIPAY_MAX
    out[key] = { value: fit(factValue(fact, kind, lang, f, at), max) }
  }
  return out
}

/** Where the message opens in the mini-program (src/lib/route-list.ts), without the leading slash. */
export const NOTICE_PAGE: Record<NoticeKind, string> = {
  paid: 'pkg-mine/mine-don/index',
  certificate: 'pkg-cert/mine-certificate/index',
  receipt: 'pkg-cert/mine-paper/index',
  nameplate: 'pkg-mine/mine-gm/index',
  together: 'pkg-mine/mine-together/index',
  refund: 'pkg-mine/mine-don/index',
  statement: 'pkg-mine/mine-statement/index',
  // 我的月捐 (docs/decisions/085): the plan, its status and, for a paused plan, the button that resumes it
  monthly: 'pkg-mine/mine-monthly/index'
}
