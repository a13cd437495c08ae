/**
 * Refunds in the staff console (docs/decisions/032-refunds.md, docs/product §7 staff refunds), inside routes/staff's
 * signed-in scope. finance (or admin) for every route but the threshold, which an admin sets:
 *   POST /ledger/:id/refund {amount, reason, outRefundNo?}   a refund of a ledger row -> the refund
 *   GET  /refunds?state&donationId&limit&offset               refunds, newest first
 *   POST /refunds/:id/approve {decision:'approve'|'reject', note?}   the second approver (not the one who asked)
 *   GET  /refunds/naming ; POST /refunds/naming/:id {decision:'keep'|'release'}   seats and copies of refunded gifts
 *   GET  /refunds/settings ; POST /refunds/settings {approvalAmount}  refunds above it need a second approver
 * Every change writes its audit row in the transaction of the change (domain/refund/service.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { bizError } from '../../errors'
import {
  approvalThreshold,
  decideApproval,
  decideNaming,
  listRefunds,
  namingInReview,
  requestRefund,
  type RefundDeps
} from '../../domain/refund/service'
import { recordAudit } from '../../domain/staff/audit'
import { invalidateSchoolCache } from '../../domain/school/cache'
import { answers, ok } from '../../lib/envelope'
import { fenToYuan, yuanToFen } from '../../lib/money'
import * as W from '../../../../types/schema/staff-refunds'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

const AMOUNT_RE = /^\d{1,11}(\.\d{1,2})?$/

function amountFen(v: string): number {
  if (!AMOUNT_RE.test(v)) throw bizError('moneyAmountInvalid')
  const fen = yuanToFen(v)
  if (fen <= 0) throw bizError('moneyAmountInvalid')
  return fen
}

export const staffRefundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const finance = requireRole('finance')
  const deps = (): RefundDeps => ({
    db: app.db,
    payments: app.payments,
    publicBaseUrl: app.orders.publicBaseUrl,
    log: app.log,
    now: app.identity.now,
    onPaid: app.orders.onPaid
  })

  app.post(
    StaffApi.ledgerRefund,
    {
      ...finance,
      schema: {
        params: StaffIdParams,
        body: W.RefundRequestBody,
        response: answers(W.StaffRefund)
      }
    },
    async (req) =>
      ok(
        await requestRefund(
          deps(),
          { schoolId: req.school.id, schoolCode: req.school.code, staffId: req.staff.id },
          { donationId: req.params.id, amountFen: amountFen(req.body.amount), reason: req.body.reason, outRefundNo: req.body.outRefundNo }
        )
      )
  )

  app.get(
    StaffApi.refunds,
    {
      ...finance,
      schema: {
        querystring: W.RefundQuery,
        response: answers(W.StaffRefundPage)
      }
    },
    async (req) => ok(await listRefunds(app.db, req.school.id, req.query))
  )

  app.post(
    StaffApi.refundApprove,
    {
      ...finance,
      schema: {
        params: StaffIdParams,
        body: W.RefundApprovalBody,
        response: answers(W.StaffRefund)
      }
    },
    async (req) =>
      ok(
        await decideApproval(
          deps(),
          { schoolId: req.school.id, schoolCode: req.school.code, staffId: req.staff.id },
          req.params.id,
          req.body.decision,
          req.body.note ?? ''
        )
      )
  )

  app.get(StaffApi.refundsNaming, { ...finance, schema: { response: answers(W.StaffRefundNaming) } }, async (req) =>
    ok({ rows: await namingInReview(app.db, req.school.id) })
  )

  app.post(
    StaffApi.refundNaming,
    {
      ...finance,
      schema: { params: StaffIdParams, body: W.RefundNamingBody, response: answers(W.StaffRefundNamingDecision) }
    },
    async (req) =>
      ok(
        await decideNaming(
          deps(),
          { schoolId: req.school.id, schoolCode: req.school.code, staffId: req.staff.id },
          req.params.id,
          req.body.decision
        )
      )
  )

  app.get(StaffApi.refundSettings, { ...finance, schema: { response: answers(W.StaffRefundSettings) } }, async (req) => {
    const fen = await approvalThreshold(app.db, req.school.id)
    return ok({ approvalAmount: fenToYuan(fen), approvalAmountFen: fen })
  })

  app.post(
    StaffApi.refundSettings,
    { ...requireRole('admin'), schema: { body: W.RefundSettingsBody, response: answers(W.StaffRefundSettings) } },
    async (req) => {
      if (!AMOUNT_RE.test(req.body.approvalAmount)) throw bizError('moneyAmountInvalid')
      const fen = yuanToFen(req.body.approvalAmount)
      const before = await approvalThreshold(app.db, req.school.id)
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('school_setting').set({ refund_approval_fen: fen }).where('school_id', '=', req.school.id).execute()
        await recordAudit(trx, {
          schoolId: req.school.id,
          staffId: req.staff.id,
          action: 'refund.settings',
          entity: 'school_setting',
          entityId: req.school.id,
          before: { refundApprovalFen: before },
          after: { refundApprovalFen: fen }
        })
      })
      invalidateSchoolCache()
      return ok({ approvalAmount: fenToYuan(fen), approvalAmountFen: fen })
    }
  )
}
