/**
 * The donation flow (docs/product §4): donate (validate, cancel the caller's earlier unpaid order, create the order, ask the
 * provider for payment parameters), cancel, payback, success and donate4ali. Payment outcomes arrive through
 * notifications.ts only.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { PermissionCode, ResultCode, type DonateAnswer, type Lang, type SuccessData } from '../../../../types'
import type { DB } from '../../db/schema'
import { AppError, bizError, tokenInvalid } from '../../errors'
import { t } from '../../i18n'
import { isCampusCardMessageKey, campusCardMessage } from '../../providers/campus-card/service'
import { escapeHtml } from '../../providers/payment/common/http'
import { wapFormFromUrl } from '../../providers/payment/alipay'
import { isConfigError, isHttpsBase, needsPublicBaseUrl, type PaymentRegistry } from '../../providers/payment/registry'
import { ProviderError, type PaymentParams, type PayTypeValue } from '../../providers/payment/types'
import type { PayChannelCode } from '../../../../types'
import { PAYER_SOURCE, payChannelOf, payTypeAllowedOn, providerChannelOf } from '../channel/credentials'
import { certificateDue, mayDonate, resolveForm } from '../form/service'
import { projectWords } from '../project/mapper'
import { requireProject } from '../project/service'
import { schoolProject, schoolSetting } from '../school/cache'
import { getUser, type UserRow } from '../user/repository'
import { holdNaming, planNamingOrder } from '../naming/holds'
import { checkTexts, type ModerationRuntime } from '../moderation/service'
import { claimTreeAgreement, requireTreeAgreement } from '../naming-map/pledge'
import { applyNotification } from './notifications'
import { checkPayToken, issuePayToken, payLinkSecret } from './pay-link'
import { bindCard, CARD_GUESS_WINDOW_MS, isWrongPassword, returnCardGuess, takeCardGuess } from './campus-card'
import * as repo from './repository'
import { transition } from './state'
import { recordReferral, referralFor } from '../giving-day/service'
import { validateSubmission, type DonateBody } from './validation'

type Log = Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>

export interface OrderDeps {
  db: Kysely<DB>
  payments: PaymentRegistry
  /** unpaid orders expire after this many minutes (ORDER_TTL_MINUTES, default 15) */
  ttlMinutes: number
  log: Log
  now: () => Date
  /** after an order became paid (the job worker runs its certificate job right away) */
  onPaid?: (donationId: number) => void
  /** the content check of nameplate texts (domain/moderation; docs/decisions/042); app.ts sets it */
  moderation?: ModerationRuntime
}

export interface Caller {
  schoolId: number
  schoolCode: string
  lang: Lang
  userId: number
  ip: string
  /** absolute origin for notify and return URLs: PUBLIC_BASE_URL, never the request's Host; '' when unset */
  baseUrl: string
  /** the caller's app_user row when the session hook read it with the session (plugins/auth.ts; null: none);
   *  undefined: donate reads it */
  user?: UserRow | null
}

/**
 * A provider that calls back or sends the browser back needs PUBLIC_BASE_URL. buildApp refuses to start without it
 * when such a provider is configured; one enabled later (staff CLI, SQL) is refused here, before any order exists.
 */
function requirePublicUrl(deps: OrderDeps, caller: Pick<Caller, 'baseUrl' | 'schoolId'>, provider: string) {
  if (!needsPublicBaseUrl(provider)) return
  if (!caller.baseUrl) {
    deps.log.error(
      { schoolId: caller.schoolId, provider },
      'PUBLIC_BASE_URL is not set: payment refused (notify URLs never come from the Host header)'
    )
    throw bizError('paymentNotConfigured')
  }
  // a provider enabled after a start on plain http: its notify URL would be refused, or carry payments unencrypted
  if (!isHttpsBase(caller.baseUrl)) {
    deps.log.error({ schoolId: caller.schoolId, provider }, 'PUBLIC_BASE_URL is not https: payment refused (docs/decisions/031)')
    throw bizError('paymentNotConfigured')
  }
}

/** PostgreSQL deadlock_detected / serialization_failure: the transaction was rolled back and may simply run again. */
const isDeadlock = (err: unknown) => ['40P01', '40001'].includes((err as { code?: string })?.code ?? '')

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string }
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
}

export async function donate(deps: OrderDeps, caller: Caller, body: DonateBody): Promise<DonateAnswer> {
  const { db } = deps
  const sid = caller.schoolId
  // the project and its sub-projects' prices, read once and cached per process (school/cache.ts: staff writes
  // invalidate it, other processes' within 5 s)
  const found = await schoolProject(db, sid, body.itemsId)
  if (!found) throw bizError('projectNotFound')
  const { project, subs } = found
  const [setting, form, user, together] = await Promise.all([
    // cached per school (domain/school/cache.ts: staff writes invalidate it, other processes' within 5 s)
    schoolSetting(db, sid),
    resolveForm(db, sid, project),
    caller.user !== undefined ? caller.user : getUser(db, sid, caller.userId),
    body.donateTogetherId ? repo.togetherForGift(db, sid, body.donateTogetherId) : Promise.resolve(undefined)
  ])
  if (!user || !setting) throw tokenInvalid()
  if (!(await mayDonate(db, sid, project, caller.userId, user))) {
    throw new AppError('alumniOnly', ResultCode.ERROR, 200, {}, { errorCode: PermissionCode.ALUMNI_REQUIRED })
  }
  const now = deps.now()
  // Naming: seats or books priced by the server and every docs/product §5 naming rule checked before any write;
  // a closed project or school is refused by validateSubmission first, with its own message.
  const naming =
    project.items_type === 2 && body.itemsType === 2 && project.is_donate && !setting.disable_online_donation
      ? await planNamingOrder(db, sid, project, body, caller.userId)
      : null
  // docs/decisions/042: nameplate texts are checked before the order exists; risky ones are refused here (the
  // nameplate review of naming/review.ts still holds every paid nameplate for staff, as before)
  if (naming && deps.moderation) {
    const texts = [...naming.seats.map((x) => x.text), ...naming.books.flatMap((b) => b.nameplates)].flatMap((x) => [
      x.donorName,
      x.donationMessage
    ])
    await checkTexts(deps.moderation, { schoolId: sid, userId: caller.userId, what: 'nameplate', texts })
  }
  const order = validateSubmission(
    {
      project,
      subProjects: subs.map((s) => ({ id: s.id, fix_money: s.fix_money })),
      form,
      onlineDisabled: !!setting.disable_online_donation,
      offlineContact: setting.offline_contact_info,
      // a joint donation held by the content check is nobody's to give to yet (docs/decisions/042)
      together: together ? { ...together, status: together.content_state === 'visible' ? together.status : 'held' } : null,
      nickname: user.nickname,
      now,
      namingFen: naming?.amountFen
    },
    body
  )
  // an hhu tree pledge needs the caller's signed agreement for this amount (docs/product §5 tree form)
  const treeAgreement = await requireTreeAgreement(db, sid, project.id, caller.userId, body.formDataMap, order.amountFen)
  // a giving-day ambassador's code: an unknown one or the caller's own is a -1 before anything is written (decision 075)
  const ambassadorId = await referralFor(db, sid, body.ambassador, caller.userId)

  // a pay type the donor's channel cannot complete is refused before anything is written (docs/decisions/018)
  const payChannel = payChannelOf(body.donateFrom, order.payType, body.payChannel)
  if (!payTypeAllowedOn(payChannel, order.payType)) throw bizError('payTypeNotOnChannel')

  // docs/product §4: the bank-app option does nothing on submit. Nothing is written and no payment starts.
  if (order.payType === 99) return { orderPayRequestDTO: { billNo: '' }, data: null }

  let resolved
  try {
    resolved = await deps.payments.forPayType(sid, order.payType, payChannel)
  } catch (err) {
    // only a broken configuration is "not set up"; a database error (PostgreSQL restarting) is the busy answer
    if (!isConfigError(err)) throw err
    deps.log.error({ err, schoolId: sid, payType: order.payType }, 'payment provider configuration is broken')
    throw bizError('paymentNotConfigured')
  }
  if (resolved.name === 'sandbox' && !setting.sandbox_enabled) throw bizError('paymentNotConfigured')
  requirePublicUrl(deps, caller, resolved.name)
  const channel = providerChannelOf(payChannel)
  // JSAPI and trade.create pay as the signed-in platform user: the openId must come from this channel's app
  if ((resolved.name === 'wechatpay' && channel !== 'h5') || (resolved.name === 'alipay' && channel === 'alipay-mini')) {
    if (user.source !== PAYER_SOURCE[payChannel])
      throw bizError(resolved.name === 'alipay' ? 'alipaySignInRequired' : 'wechatSignInRequired')
  }

  // Campus card: this donate is one password check of the card, under the card's guess limit, taken before
  // anything is written and given back unless the password was wrong (campus-card.ts).
  const card = resolved.name === 'campus' ? order.campusCard : undefined
  if (card && !(await takeCardGuess(db, sid, card.stuWorkNo, now))) {
    throw bizError('cardGuessesExceeded', { minutes: Math.round(CARD_GUESS_WINDOW_MS / 60_000) })
  }
  let wrongPassword = false
  try {
    const nowIso = now.toISOString()
    const expiresAt = new Date(now.getTime() + deps.ttlMinutes * 60_000).toISOString()
    let billNo = ''
    let donationId = 0
    // an order that writes nothing but itself, on PostgreSQL: one statement without a transaction (insertOrderAlone)
    const alone = !naming && treeAgreement === null && ambassadorId === null && repo.onPostgres(db)
    for (let attempt = 0; !donationId; attempt++) {
      billNo = repo.newBillNo(now)
      const row = {
        bill_no: billNo,
        school_id: sid,
        items_id: project.id,
        sub_items_id: order.subItemsId,
        user_id: caller.userId,
        together_id: order.togetherId,
        donor_name: order.donorName,
        is_anonymous: order.isAnonymous,
        amount_fen: order.amountFen,
        material_number: order.materialNumber,
        pay_type: order.payType,
        status: 'pending' as const,
        created_at: nowIso,
        paid_at: null,
        expires_at: expiresAt,
        provider: resolved.name
      }
      const submission = { ...order.submission, school_id: sid, pay_channel: payChannel, client_ip: caller.ip.slice(0, 64) }
      try {
        // without an earlier unpaid order to replace (asked in the same statement, READ COMMITTED as the transaction
        // below asks it); with one, the transaction replaces it
        if (alone) {
          const id = await repo.insertOrderAlone(db, row, submission)
          if (id !== null) {
            donationId = id
            continue
          }
        }
        donationId = await db.transaction().execute(async (trx) => {
          for (const earlier of await repo.pendingOrdersOf(trx, sid, caller.userId, project.id)) {
            await transition(trx, sid, earlier.id, 'pending', 'cancelled', { closed_at: nowIso, close_reason: 'replaced' })
          }
          const id = await repo.insertOrder(trx, row, submission)
          // the seats and copies are held by this order or nothing of it is written (a refusal rolls back)
          if (naming)
            await holdNaming(trx, { schoolId: sid, donationId: id, itemsId: project.id, userId: caller.userId, now: nowIso }, naming)
          // one signed agreement, one order (docs/decisions/032): claimed here or the whole order rolls back
          if (treeAgreement !== null) await claimTreeAgreement(trx, sid, treeAgreement, id)
          // credited to the ambassador when paid within their day (giving-day/service.ts countGiftOnGivingDays)
          if (ambassadorId !== null) await recordReferral(trx, sid, id, ambassadorId, nowIso)
          return id
        })
      } catch (err) {
        // PostgreSQL may end one of two orders that lock the same rows in opposite orders (a deadlock): run it again
        if (attempt < 3 && (isUniqueViolation(err) || isDeadlock(err))) continue
        throw err
      }
    }

    const payToken = await issuePayToken(db, sid, billNo, expiresAt, now, deps.ttlMinutes * 60_000)
    let created
    try {
      created = await resolved.provider.create({
        schoolId: sid,
        schoolCode: caller.schoolCode,
        billNo,
        amountFen: order.amountFen,
        // what the payer's pay sheet (and the sandbox cashier) names: the project in the payer's language (decision 073)
        description: projectWords(project, caller.lang).name,
        payType: order.payType as PayTypeValue,
        channel,
        payerId: user.open_id,
        clientIp: caller.ip,
        notifyUrl: notifyUrl(caller, resolved.name, order.payType, resolved.channel),
        returnUrl: payBackUrl(caller.baseUrl, billNo, payToken, project.id),
        expiresAt,
        campusCard: order.campusCard,
        payToken
      })
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'indeterminate') {
        // The money may have left the card: cancelling would lose it silently. The reconciliation job asks the
        // card system and makes the order paid or closes it; until then no cancel, replacement or expiry touches it.
        await transition(db, sid, donationId, 'pending', 'reconciling')
        deps.log.warn({ err, billNo, provider: resolved.name }, 'payment answer lost: order waits for reconciliation')
        throw bizError('paymentConfirming')
      }
      await transition(db, sid, donationId, 'pending', 'cancelled', { closed_at: deps.now().toISOString(), close_reason: 'provider_error' })
      wrongPassword = isWrongPassword(err)
      if (err instanceof ProviderError && isCampusCardMessageKey(err.message)) {
        throw bizError('paymentDeclined', { reason: campusCardMessage(err.message, caller.lang) })
      }
      deps.log.error({ err, billNo, provider: resolved.name }, 'payment provider refused to create the payment')
      throw bizError('paymentCreateFailed')
    }

    const data: PaymentParams = { ...created.params }
    if (created.paidImmediately) {
      const r = await applyNotification(db, sid, created.paidImmediately, { log: deps.log, onPaid: deps.onPaid })
      data.paid = r.status === 'applied' || r.status === 'duplicate'
      // the debit proved the password: from now on this donor may see the card's balance by its number alone
      if (card && data.paid) await bindCard(db, sid, caller.userId, card.stuWorkNo, now)
    }
    return { orderPayRequestDTO: { billNo }, data, payToken }
  } finally {
    if (card && !wrongPassword) await returnCardGuess(db, sid, card.stuWorkNo)
  }
}

/** The provider's notify URL. It always names the pay type: a school's second WeChat merchant (pay type 15) has its own
 *  APIv3 key, and a notification verified with pay type 1's key fails GCM as if forged (docs/decisions/031). With the
 *  channel's own credentials it names the channel too, so the notification is verified with that AppID and merchant
 *  (routes/donate/notify.ts). */
export function notifyUrl(
  caller: Pick<Caller, 'baseUrl' | 'schoolCode'>,
  provider: string,
  payType: number,
  channel?: PayChannelCode
): string {
  const base = `${caller.baseUrl}/notify/${caller.schoolCode}/${provider}/${payType}`
  return channel ? `${base}/${channel}` : base
}

/** Where browsers come back after a provider's own cashier (H5 / wap): the pay-back page, with the pay link's token
 *  so it works in a browser without the donor's session (the system browser the Alipay link was opened in). */
function payBackUrl(baseUrl: string, billNo: string, payToken: string, itemsId: number): string {
  // itemsId: an unpaid order sends the donor back to the project's form (docs/product §2 Other)
  return `${baseUrl}/pay-back?id=${encodeURIComponent(billNo)}&itemsId=${itemsId}&payToken=${encodeURIComponent(payToken)}`
}

/** The caller's own order; another user's order is "not found" (bill numbers are not a permission). */
async function ownOrder(deps: OrderDeps, caller: Pick<Caller, 'schoolId' | 'userId'>, billNo: string) {
  const order = await repo.findOrder(deps.db, caller.schoolId, billNo)
  if (!order || order.user_id !== caller.userId) throw bizError('orderNotFound')
  return order
}

/** How a caller of payback, success and donate4ali proves the order is theirs: the owner's session, or the order's
 *  pay-link token (docs/decisions/009-alipay-pay-link.md). */
export type OrderAccess = { userId: number } | { payToken: string }

/** The order, if `access` opens it. A bad or expired payToken is a -1 ("the link has expired"), never -997: the
 *  app must not start a sign-in for it, and the token is checked before the order is looked up. */
async function accessibleOrder(deps: OrderDeps, schoolId: number, billNo: string, access: OrderAccess) {
  if ('userId' in access) return ownOrder(deps, { schoolId, userId: access.userId }, billNo)
  const verdict = checkPayToken(await payLinkSecret(deps.db, schoolId), billNo, access.payToken, deps.now())
  if (verdict !== 'ok') throw bizError('payLinkInvalid')
  const order = await repo.findOrder(deps.db, schoolId, billNo)
  if (!order) throw bizError('orderNotFound')
  return order
}

export async function cancel(deps: OrderDeps, caller: Pick<Caller, 'schoolId' | 'userId'>, billNo: string): Promise<void> {
  const order = await ownOrder(deps, caller, billNo)
  if (order.status !== 'pending') throw bizError('orderNotCancellable')
  const done = await transition(deps.db, caller.schoolId, order.id, 'pending', 'cancelled', {
    closed_at: deps.now().toISOString(),
    close_reason: 'user'
  })
  // lost a race with a notification or the expiry job
  if (!done) throw bizError('orderNotCancellable')
}

/** 1 when the order is paid, else 0 (docs/product §7 payback). */
export async function payback(deps: OrderDeps, schoolId: number, billNo: string, access: OrderAccess): Promise<0 | 1> {
  const order = await accessibleOrder(deps, schoolId, billNo, access)
  return order.status === 'paid' ? 1 : 0
}

export async function success(
  deps: OrderDeps,
  caller: Pick<Caller, 'schoolId' | 'lang'>,
  billNo: string,
  access: OrderAccess
): Promise<SuccessData> {
  const order = await accessibleOrder(deps, caller.schoolId, billNo, access)
  if (order.status !== 'paid') throw bizError('orderNotPaid')
  const sid = caller.schoolId
  const [project, user, certificateImg, submission] = await Promise.all([
    requireProject(deps.db, sid, order.items_id),
    order.user_id ? getUser(deps.db, sid, order.user_id) : Promise.resolve(undefined),
    repo.getCertificateUrl(deps.db, sid, order.id),
    repo.getSubmission(deps.db, sid, order.id)
  ])
  const form = await resolveForm(deps.db, sid, submission?.form_id ? { form_id: submission.form_id } : project, caller.lang)
  return {
    name: order.is_anonymous ? t(caller.lang, 'anonymous') : order.donor_name,
    avatar: user?.avatar ?? '',
    // the project's words in the caller's language where the school entered them (decision 073)
    itemsName: projectWords(project, caller.lang).name,
    itemsId: project.id,
    itemsIntro: projectWords(project, caller.lang).intro,
    itemsThumbnailImg: project.thumbnail_img,
    successWord: form.successWord || t(caller.lang, 'successWord'),
    certificateImg,
    certificateExpected: certificateImg || certificateDue(form, order.amount_fen) ? 1 : 0
  }
}

/** A form that sends the browser to the cashier: POST to an absolute gateway URL, GET to a relative page. */
export function autoSubmitForm(url: string): string {
  if (/^https?:\/\//i.test(url)) return wapFormFromUrl(url)
  const [action, query = ''] = url.split('?')
  const inputs = [...new URLSearchParams(query)]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  return (
    `<form id="paysubmit" name="paysubmit" action="${escapeHtml(action)}" method="get">${inputs}</form>` +
    `<script>document.forms['paysubmit'].submit();</script>`
  )
}

/**
 * donate4ali (docs/product §2 Alipay page outside the messaging app): the wap payment form of the order's provider,
 * created for channel 'h5' (Alipay answers a signed gateway URL; the sandbox its cashier page).
 */
export async function donate4ali(
  deps: OrderDeps,
  caller: Omit<Caller, 'userId'>,
  billNo: string,
  access: OrderAccess
): Promise<{ data: string }> {
  const order = await accessibleOrder(deps, caller.schoolId, billNo, access)
  const now = deps.now()
  if (order.status !== 'pending' || (order.expires_at && Date.parse(order.expires_at) <= now.getTime())) throw bizError('orderNotPayable')
  if (order.pay_type !== 2) throw bizError('payTypeUnavailable')
  // the wap payment is the h5 channel's (its Alipay app), whatever channel the order was first made on
  const resolved = await deps.payments.forPayType(caller.schoolId, order.pay_type, 'h5').catch((err: unknown) => {
    if (!isConfigError(err)) throw err
    return null
  })
  const provider = resolved?.name === order.provider ? resolved.provider : null
  if (!provider) throw bizError('paymentNotConfigured')
  requirePublicUrl(deps, caller, provider.name)
  const [project, user] = await Promise.all([
    requireProject(deps.db, caller.schoolId, order.items_id),
    order.user_id ? getUser(deps.db, caller.schoolId, order.user_id) : Promise.resolve(undefined)
  ])
  const expiresAt = order.expires_at ?? new Date(now.getTime() + deps.ttlMinutes * 60_000).toISOString()
  const payToken = await issuePayToken(deps.db, caller.schoolId, billNo, expiresAt, now, deps.ttlMinutes * 60_000)
  let url: string | undefined
  try {
    url = (
      await provider.create({
        schoolId: caller.schoolId,
        schoolCode: caller.schoolCode,
        billNo,
        amountFen: order.amount_fen,
        // what the payer's pay sheet (and the sandbox cashier) names: the project in the payer's language (decision 073)
        description: projectWords(project, caller.lang).name,
        payType: 2,
        channel: 'h5',
        payerId: user?.open_id,
        clientIp: caller.ip,
        notifyUrl: notifyUrl(caller, order.provider, order.pay_type, resolved?.channel),
        returnUrl: payBackUrl(caller.baseUrl, billNo, payToken, order.items_id),
        expiresAt,
        payToken
      })
    ).params.url
  } catch (err) {
    deps.log.error({ err, billNo }, 'payment provider refused the wap payment')
    throw bizError('paymentCreateFailed')
  }
  if (!url) throw bizError('paymentCreateFailed')
  return { data: autoSubmitForm(url) }
}
