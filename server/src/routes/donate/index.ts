/**
 * SPEC §7 Projects, the donation flow: formDetail, checkPermission, itemsSubPrice, getCardBlance, donate, cancel,
 * success, payback, donate4ali, and the sandbox cashier's notify. Registered under /api/{school} (tenant and
 * signature checked). The providers' own notify endpoints live outside this scope (notify.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Api, type SandboxNotifyBody } from '../../../../types'
import { checkPermission, formDetail, itemsSubPrice } from '../../domain/form/service'
import { cardBalance } from '../../domain/order/campus-card'
import { applyNotification } from '../../domain/order/notifications'
import { payTokenOpens } from '../../domain/order/pay-link'
import { findOrder } from '../../domain/order/repository'
import { cancel, donate, donate4ali, payback, success, type Caller, type OrderAccess } from '../../domain/order/service'
import type { DonateBody } from '../../domain/order/validation'
import { getSchoolSetting } from '../../domain/school/repository'
import { authenticate } from '../../domain/user/service'
import { AppError, bizError } from '../../errors'
import { t } from '../../i18n'
import { ok } from '../../lib/envelope'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { optCode, optFlag, optInt, optString, query, reqCode, reqInt } from '../../lib/schemas'
import { campusCardMessage } from '../../providers/campus-card/service'
import { ProviderError } from '../../providers/payment/types'
import { requireSession, tokenFrom } from '../../plugins/auth'
import { ResultCode } from '../../../../types'

const str = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const

/** Shapes only (strict Ajv: no coercion; integers as lib/schemas.ts wireInt takes them): every SPEC §5 rule is checked by domain/order/validation.ts with a -1. */
const donateBodySchema = {
  type: 'object',
  required: ['payType', 'itemsId', 'itemsType', 'donateFrom'],
  properties: {
    formId: optInt(0), // the built-in form is 0
    currency: str(8),
    payType: reqCode(),
    currencyMoney: { type: 'string', maxLength: 32 },
    itemsId: reqInt(),
    subItemsId: optInt(),
    isDonateTogether: optFlag(),
    donateTogetherId: optInt(),
    itemsType: reqCode(),
    isAnonymous: optFlag(),
    donateFrom: { type: 'string', enum: ['U1', 'U5', 'U6'] },
    formDataMap: {
      type: 'object',
      maxProperties: 60,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] }
    },
    donateMaterialNumber: {},
    isAgree: {},
    isNoData: optFlag(),
    isNeedPaper: optFlag(),
    certificateDonorName: str(100),
    certificateWay: optCode(),
    isNeedReceipt: optFlag(),
    receiptDonorType: optCode(),
    receiptDonorName: str(200),
    creditCode: str(64),
    receiptType: optCode(),
    receiptWay: optCode(),
    postalEmail: str(200),
    postalMobileSms: str(32),
    postalCountry: str(64),
    postalProvince: str(64),
    postalCity: str(64),
    postalDistrict: str(64),
    postalAddress: str(500),
    postalZip: str(16),
    postalContact: str(64),
    postalMobile: str(32),
    token: str(200),
    seatList: {},
    bookList: {},
    namingType: {}
  }
} as const

type OrderQ = { donatePlatOrder: string; payToken?: string }
const orderQuery = {
  querystring: query({ donatePlatOrder: { type: 'string', minLength: 1, maxLength: 40 }, token: optString(200), payToken: optString(100) }, ['donatePlatOrder'])
}

/** payback, success and donate4ali: the order's pay-link token when one is given (the Alipay link opened in a
 *  browser without the session, docs/decisions/009), else the owner's session (-997 without one). */
async function orderAccess(req: FastifyRequest<{ Querystring: OrderQ }>): Promise<OrderAccess> {
  if (req.query.payToken) return { payToken: req.query.payToken }
  return { userId: (await requireSession(req)).user_id }
}

/** The signed-in user, or null (formDetail and checkPermission answer visitors too). */
async function optionalUser(req: FastifyRequest): Promise<number | null> {
  const token = tokenFrom(req)
  if (!token) return null
  return (await authenticate(req.server.db, req.school.id, token))?.user_id ?? null
}

export async function donateRoutes(app: FastifyInstance) {
  const rt = app.orders
  const caller = (req: FastifyRequest, userId: number): Caller => ({
    schoolId: req.school.id, schoolCode: req.school.code, lang: req.lang, userId, ip: req.ip,
    // never the request's Host header (forgeable): providers' URLs come from PUBLIC_BASE_URL only
    baseUrl: rt.publicBaseUrl
  })

  app.get<{ Querystring: { itemsId: number } }>(Api.formDetail,
    { schema: { querystring: query({ itemsId: reqInt(), token: optString(200) }, ['itemsId']) } },
    async (req) => ok(await formDetail(app.db, req.school.id, req.query.itemsId, await optionalUser(req))))

  app.get<{ Querystring: { itemsId: number } }>(Api.checkPermission,
    { schema: { querystring: query({ itemsId: reqInt(), token: optString(200) }, ['itemsId']) } },
    async (req) => ok(await checkPermission(app.db, req.school.id, req.query.itemsId, await optionalUser(req))))

  app.get<{ Querystring: { itemsId: number } }>(Api.itemsSubPrice,
    { schema: { querystring: query({ itemsId: reqInt() }, ['itemsId']) } },
    async (req) => ok(await itemsSubPrice(app.db, req.school.id, req.query.itemsId)))

  // Campus card balance (pay type 9; the school's card service is registered when its provider is built). GET with
  // the number alone answers only for a card the signed-in donor has proved; POST with the password in the body (never
  // in a URL: URLs reach logs) is one guarded password check that proves it (domain/order/campus-card.ts).
  const balanceAnswer = async (req: FastifyRequest, stuWorkNo: string, password?: string) => {
    const session = await requireSession(req)
    try {
      return ok({ balance: fenToYuan(await cardBalance(rt, req.school.id, session.user_id, stuWorkNo, password)) })
    } catch (err) {
      if (err instanceof ProviderError) throw bizError('paymentDeclined', { reason: campusCardMessage(err.message, req.lang) })
      throw err
    }
  }
  app.get<{ Querystring: { stuWorkNo: string } }>(Api.getCardBlance,
    { schema: { querystring: query({ stuWorkNo: { type: 'string', minLength: 1, maxLength: 64 }, token: optString(200) }, ['stuWorkNo']) } },
    async (req) => balanceAnswer(req, req.query.stuWorkNo))
  app.post<{ Body: { stuWorkNo: string; password: string } }>(Api.getCardBlance, {
    schema: {
      body: {
        type: 'object', required: ['stuWorkNo', 'password'],
        properties: { stuWorkNo: { type: 'string', minLength: 1, maxLength: 64 }, password: { type: 'string', minLength: 1, maxLength: 64 }, token: optString(200) }
      }
    }
  }, async (req) => balanceAnswer(req, req.body.stuWorkNo, req.body.password))

  app.post<{ Body: DonateBody }>(Api.donate, { schema: { body: donateBodySchema } }, async (req) => {
    const session = await requireSession(req)
    if (!rt.limiter.allow(req.school.id, session.user_id, req.ip)) throw new AppError('rateLimited', ResultCode.ERROR, 429)
    return ok(await donate(rt, caller(req, session.user_id), req.body))
  })

  app.get<{ Querystring: OrderQ }>(Api.cancel, { schema: orderQuery }, async (req) => {
    const session = await requireSession(req)
    await cancel(rt, caller(req, session.user_id), req.query.donatePlatOrder)
    return ok(null, t(req.lang, 'cancelOk'))
  })

  app.get<{ Querystring: OrderQ }>(Api.payback, { schema: orderQuery },
    async (req) => ok(await payback(rt, req.school.id, req.query.donatePlatOrder, await orderAccess(req))))

  app.get<{ Querystring: OrderQ }>(Api.success, { schema: orderQuery },
    async (req) => ok(await success(rt, { schoolId: req.school.id, lang: req.lang }, req.query.donatePlatOrder, await orderAccess(req))))

  app.get<{ Querystring: OrderQ }>(Api.donate4ali, { schema: orderQuery }, async (req) => {
    const { userId: _unused, ...who } = caller(req, 0)
    return ok(await donate4ali(rt, who, req.query.donatePlatOrder, await orderAccess(req)))
  })

  /**
   * The sandbox cashier's confirm. Refused (403) unless the school has the sandbox enabled, and unless it carries
   * the order's pay token (the cashier page got it in its URL from donate): without that, anyone who learnt a bill
   * number (it is shown to the donor, and lands in logs and screenshots) could pay or close someone else's order.
   * The token is checked before the order is looked up, so a refusal says nothing about which bill numbers exist.
   * Then the same path as a provider's notify: raw notification -> sandbox.verifyNotification -> applyNotification.
   * `amount` (yuan) is only for exercising the amount check; without it the notification carries the order's amount.
   */
  app.post<{ Body: SandboxNotifyBody }>(Api.sandboxNotify, {
    schema: {
      body: {
        type: 'object',
        required: ['billNo', 'outcome'],
        properties: {
          billNo: { type: 'string', minLength: 1, maxLength: 40 },
          outcome: { type: 'string', enum: ['paid', 'failed'] },
          payToken: { type: 'string', maxLength: 100 },
          amount: { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$' }
        }
      }
    }
  }, async (req) => {
    const setting = await getSchoolSetting(app.db, req.school.id)
    if (!setting?.sandbox_enabled) throw new AppError('sandboxDisabled', ResultCode.ERROR, 403)
    if (!(await payTokenOpens(app.db, req.school.id, req.body.billNo, req.body.payToken ?? '', rt.now()))) {
      req.log.warn({ security: true, billNo: req.body.billNo, school: req.school.code }, 'sandbox notification without the order\'s pay token refused')
      throw new AppError('sandboxTokenInvalid', ResultCode.ERROR, 403)
    }
    const order = await findOrder(app.db, req.school.id, req.body.billNo)
    const amountFen = req.body.amount !== undefined ? yuanToFen(req.body.amount) : order?.amount_fen ?? 0
    const sandbox = await app.payments.byName(req.school.id, 'sandbox')
    if (!sandbox) throw new AppError('sandboxDisabled', ResultCode.ERROR, 403)
    const n = await sandbox.verifyNotification({
      headers: req.headers,
      rawBody: JSON.stringify({ billNo: req.body.billNo, outcome: req.body.outcome, amountFen })
    })
    const r = await applyNotification(app.db, req.school.id, n, { log: req.log, onPaid: rt.onPaid })
    if (r.status === 'rejected') throw bizError('notificationRefused', { reason: r.reason })
    return ok({ status: r.status })
  })
}
