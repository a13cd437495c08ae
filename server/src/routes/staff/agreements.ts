/**
 * Agreements for staff (docs/decisions/047-agreements-for-staff.md), inside routes/staff's signed-in scope:
 *   GET  /agreements?kind&state&from&to&donor&limit&offset   the school's agreements, newest first   (fulfilment)
 *   GET  /agreements/:id                                      one, with its files and history          (fulfilment)
 *   POST /agreements/:id/countersign                          the seal stamped into a new file         (fulfilment)
 *   POST /agreements/:id/receipt  (multipart `file`: JPEG or PNG, at most 10 MB)                     (fulfilment)
 *   GET  /agreement-seal                                      the seal's preview                       (fulfilment)
 *   POST /agreement-seal  (multipart `file`: PNG or JPEG, at most 2 MB)                              (admin)
 * Countersigning and receipts are fulfilment work like paper certificates and receipts; the seal is the school's
 * identity, set by an admin like the logo. Every change is audited (domain/agreement/staff.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import path from 'node:path'
import {
  AGREEMENT_RECEIPT_MAX_BYTES,
  SEAL_MAX_BYTES,
  attachAgreementReceipt,
  countersignAgreement,
  getSeal,
  listStaffAgreements,
  saveSeal,
  staffAgreementDetail,
  type StaffAgreementDeps
} from '../../domain/agreement/staff'
import { answers, ok } from '../../lib/envelope'
import { readSingleFile } from '../upload'
import { StaffAgreementDetail, StaffAgreementPage, StaffAgreementQuery, StaffAgreementSeal } from '../../../../types/schema/staff-agreement'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffAgreementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: StaffAgreementDeps = { db: app.db, storage: app.identity.storage, filesDir: path.join(app.dataDir, 'files') }
  const act = (req: { school: { id: number; code: string }; staff: { id: number } }, id: number) => ({
    schoolId: req.school.id,
    schoolCode: req.school.code,
    id,
    staffId: req.staff.id,
    now: app.identity.now()
  })

  app.get(
    StaffApi.agreements,
    {
      ...requireRole('fulfilment'),
      schema: {
        querystring: StaffAgreementQuery,
        response: answers(StaffAgreementPage)
      }
    },
    async (req) => ok(await listStaffAgreements(app.db, req.school.id, req.query))
  )

  app.get(
    StaffApi.agreement,
    { ...requireRole('fulfilment'), schema: { params: StaffIdParams, response: answers(StaffAgreementDetail) } },
    async (req) => ok(await staffAgreementDetail(app.db, req.school.id, req.params.id))
  )

  app.post(
    StaffApi.agreementCountersign,
    { ...requireRole('fulfilment'), schema: { params: StaffIdParams, response: answers(StaffAgreementDetail) } },
    async (req) => ok(await countersignAgreement(deps, act(req, req.params.id)))
  )

  app.post(
    StaffApi.agreementReceipt,
    { ...requireRole('fulfilment'), schema: { params: StaffIdParams, response: answers(StaffAgreementDetail) } },
    async (req) => {
      const data = await readSingleFile(req, AGREEMENT_RECEIPT_MAX_BYTES)
      return ok(await attachAgreementReceipt(deps, { ...act(req, req.params.id), data }))
    }
  )

  app.get(StaffApi.agreementSeal, { ...requireRole('fulfilment'), schema: { response: answers(StaffAgreementSeal) } }, async (req) =>
    ok(await getSeal(app.db, req.school.id))
  )

  app.post(StaffApi.agreementSeal, { ...requireRole('admin'), schema: { response: answers(StaffAgreementSeal) } }, async (req) => {
    const data = await readSingleFile(req, SEAL_MAX_BYTES)
    return ok(await saveSeal(app.db, { schoolId: req.school.id, staffId: req.staff.id, data, now: app.identity.now() }))
  })
}
