/**
 * docs/product §7 Projects, the donation flow: formDetail, checkPermission, itemsSubPrice, getCardBlance, donate, cancel,
 * success, payback, donate4ali, and the sandbox cashier's notify. Registered under /api/{school} (tenant and
 * signature checked). The providers' own notify endpoints live outside this scope (notify.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Api, DEVICE_HEADER, DEVICE_ID_PATTERN, PROOF_HEADER, ResultCode } from '../../../../types'
import { checkPermission, formDetail, itemsSubPrice } from '../../domain/form/service'
import { cardBalance } from '../../domain/order/campus-card'
import { admitOrder } from '../../domain/order/challenge'
import { applyNotification } from '../../domain/order/notifications'
import { payTokenOpens } from '../../domain/order/pay-link'
import { findOrder } from '../../domain/order/repository'
import { collectsPersonalData } from '../../domain/privacy/personal-data'
import { cancel, donate, donate4ali, payback, success, type Caller, type OrderAccess } from '../../domain/order/service'
import { schoolSetting } from '../../domain/school/cache'
import { AppError, bizError, tokenInvalid } from '../../errors'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { campusCardMessage } from '../../providers/campus-card/service'
import { ProviderError } from '../../providers/payment/types'
import { maybeSignedIn, signedIn } from '../../plugins/auth'
import { takeNonce } from '../../plugins/signature'
import * as W from '../../../../types/schema/donate'
import { NoData } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

/** payback, success and donate4ali (config.session 'optional'): the order's pay-link token when one is given (the
 *  Alipay link opened in a browser without the session, docs/decisions/009), else the owner's session (-997
 *  without one). */
function orderAccess(req: FastifyRequest & { query: { payToken?: string } }): OrderAccess {
  if (req.query.payToken) return { payToken: req.query.payToken }
  if (!req.optionalSession) throw tokenInvalid()
  return { userId: req.optionalSession.user_id }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name]
  return typeof v === 'string' ? v : undefined
}

/** The device an order is counted against: the id the app keeps in its storage and sends with every request, else
 *  the session (a caller without the header counts as one device per sign-in). */
function deviceKey(req: FastifyRequest): string {
  const id = header(req, DEVICE_HEADER)
  return id && DEVICE_ID_PATTERN.test(id) ? `d:${id}` : `s:${req.session.id}`
}

/**
 * donate's session: names, ID numbers, addresses or form fields are stored only with consent to the current policy
 * (decision 041), so a gift that carries any needs it; the order uses the donor's app_user row. The hook reads the
 * session, that row and the consent in one statement (plugins/auth.ts).
 */
const donateSession = {
  ...signedIn,
  personalData: (req: FastifyRequest) => collectsPersonalData(req.body as W.DonateSubmission),
  sessionUser: true
} as const

export const donateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rt = app.orders
  let proxyWarned = false
  /**
   * The donor's address as Fastify's trustProxy computes it (TRUST_PROXY): it is WeChat Pay's payer_client_ip for H5
   * payments (WeChat checks it against the payer) and the per-address limits' key. A forwarded header that was not
   * believed means every donor shows up as the proxy: said once in the log, with the setting that fixes it.
   */
  const visitorIp = (req: FastifyRequest): string => {
    if (!proxyWarned && (req.headers['x-forwarded-for'] || req.headers['x-real-ip']) && req.ip === req.socket.remoteAddress) {
      proxyWarned = true
      req.log.warn(
        { ip: req.ip },
        'requests arrive through a proxy TRUST_PROXY does not name: the payer address sent to WeChat Pay (payer_client_ip) ' +
          "and the per-address limits see the proxy's address; set TRUST_PROXY to the proxy (README configuration)"
      )
    }
    return req.ip
  }
  const caller = (req: FastifyRequest, userId: number): Caller => ({
    schoolId: req.school.id,
    schoolCode: req.school.code,
    lang: req.lang,
    userId,
    ip: visitorIp(req),
    // never the request's Host header (forgeable): providers' URLs come from PUBLIC_BASE_URL only
    baseUrl: rt.publicBaseUrl
  })

  // formDetail and checkPermission answer visitors too; a signed-in donor's form is prefilled, and their
  // permission is their own
  app.get(
    Api.formDetail,
    {
      config: maybeSignedIn,
      schema: { querystring: W.FormQuery, response: answers(W.FormConfig) }
    },
    async (req) => ok(await formDetail(app.db, req.school.id, req.query.itemsId, req.optionalSession?.user_id ?? null, req.lang))
  )

  app.get(
    Api.checkPermission,
    {
      config: maybeSignedIn,
      schema: { querystring: W.FormQuery, response: answers(W.PermissionResult) }
    },
    async (req) => ok(await checkPermission(app.db, req.school.id, req.query.itemsId, req.optionalSession?.user_id ?? null))
  )

  app.get(Api.itemsSubPrice, { schema: { querystring: R.ItemsIdQuery, response: answers(W.SubItemPrices) } }, async (req) =>
    ok(await itemsSubPrice(app.db, req.school.id, req.query.itemsId, req.lang))
  )

  // Campus card balance (pay type 9; the school's card service is registered when its provider is built). GET with
  // the number alone answers only for a card the signed-in donor has proved; POST with the password in the body (never
  // in a URL: URLs reach logs) is one guarded password check that proves it (domain/order/campus-card.ts).
  const balanceAnswer = async (req: FastifyRequest, stuWorkNo: string, password?: string) => {
    try {
      return ok({ balance: fenToYuan(await cardBalance(rt, req.school.id, req.session.user_id, stuWorkNo, password)) })
    } catch (err) {
      if (err instanceof ProviderError) throw bizError('paymentDeclined', { reason: campusCardMessage(err.message, req.lang) })
      throw err
    }
  }
  app.get(
    Api.getCardBlance,
    {
      config: signedIn,
      schema: { querystring: W.CardBalanceQuery, response: answers(W.CardBalance) }
    },
    async (req) => balanceAnswer(req, req.query.stuWorkNo)
  )
  app.post(
    Api.getCardBlance,
    {
      config: signedIn,
      schema: {
        body: W.CardBalanceBody,
        response: answers(W.CardBalance)
      }
    },
    async (req) => balanceAnswer(req, req.body.stuWorkNo, req.body.password)
  )

  // the nonce claim goes with the order's rate windows, one round trip (plugins/signature.ts nonceWithWindows)
  app.post(
    Api.donate,
    { config: { ...donateSession, nonceWithWindows: true }, schema: { body: W.DonateSubmission, response: answers(W.DonateAnswer) } },
    async (req) => {
      // peak days (docs/decisions/033-peak-day-order-limits.md): per donor, per device, per address with a challenge
      await admitOrder(
        rt,
        { schoolId: req.school.id, userId: req.session.user_id, device: deviceKey(req), ip: req.ip },
        header(req, PROOF_HEADER),
        rt.now().getTime(),
        takeNonce(req)
      )
      // the donor's row came with the session (donateSession): the order does not read it again
      return ok(await donate(rt, { ...caller(req, req.session.user_id), user: req.session.user }, req.body))
    }
  )

  app.get(Api.cancel, { config: signedIn, schema: { querystring: W.OrderQuery, response: answers(NoData) } }, async (req) => {
    await cancel(rt, caller(req, req.session.user_id), req.query.donatePlatOrder)
    return ok(null, t(req.lang, 'cancelOk'))
  })

  app.get(Api.payback, { config: maybeSignedIn, schema: { querystring: W.OrderQuery, response: answers(W.Paid) } }, async (req) =>
    ok(await payback(rt, req.school.id, req.query.donatePlatOrder, orderAccess(req)))
  )

  app.get(Api.success, { config: maybeSignedIn, schema: { querystring: W.OrderQuery, response: answers(W.SuccessData) } }, async (req) =>
    ok(await success(rt, { schoolId: req.school.id, lang: req.lang }, req.query.donatePlatOrder, orderAccess(req)))
  )

  app.get(
    Api.donate4ali,
    { config: maybeSignedIn, schema: { querystring: W.OrderQuery, response: answers(W.Donate4AliAnswer) } },
    async (req) => {
      const { userId: _unused, ...who } = caller(req, 0)
      return ok(await donate4ali(rt, who, req.query.donatePlatOrder, orderAccess(req)))
    }
  )
  /**
   * The sandbox cashier's confirm. Refused (403) unless the school has the sandbox enabled, and unless it carries
   * the order's pay token (the cashier page got it in its URL from donate): without that, anyone who learnt a bill
   * number (it is shown to the donor, and lands in logs and screenshots) could pay or close someone else's order.
   * The token is checked before the order is looked up, so a refusal says nothing about which bill numbers exist.
   * Then the same path as a provider's notify: raw notification -> sandbox.verifyNotification -> applyNotification.
   * `amount` (yuan) is only for exercising the amount check; without it the notification carries the order's amount.
   */
  app.post(
    Api.sandboxNotify,
    {
      schema: {
        body: W.SandboxNotifyBody,
        response: answers(W.SandboxNotifyAnswer)
      }
    },
    async (req) => {
      const setting = await schoolSetting(app.db, req.school.id)
      if (!setting?.sandbox_enabled) throw new AppError('sandboxDisabled', ResultCode.ERROR, 403)
      if (!(await payTokenOpens(app.db, req.school.id, req.body.billNo, req.body.payToken ?? '', rt.now()))) {
        req.log.warn(
          { security: true, billNo: req.body.billNo, school: req.school.code },
          "sandbox notification without the order's pay token refused"
        )
        throw new AppError('sandboxTokenInvalid', ResultCode.ERROR, 403)
      }
      const order = await findOrder(app.db, req.school.id, req.body.billNo)
      const amountFen = req.body.amount !== undefined ? yuanToFen(req.body.amount) : (order?.amount_fen ?? 0)
      const sandbox = await app.payments.byName(req.school.id, 'sandbox')
      if (!sandbox) throw new AppError('sandboxDisabled', ResultCode.ERROR, 403)
      const n = await sandbox.verifyNotification({
        headers: req.headers,
        rawBody: JSON.stringify({ billNo: req.body.billNo, outcome: req.body.outcome, amountFen })
      })
      const r = await applyNotification(app.db, req.school.id, n, { log: req.log, onPaid: rt.onPaid, order })
      if (r.status === 'rejected') throw bizError('notificationRefused', { reason: r.reason })
      return ok<W.SandboxNotifyAnswer>({ status: r.status })
    }
  )
}
