/**
 * Shared pieces of the order and form tests (not a test file itself): a valid submission for each demo form,
 * donate/pay helpers through the real routes, and database counts.
 */
import type { FastifyInstance } from 'fastify'
import { Api, type DonateAnswer, type DonateSubmission, type Envelope } from '../../types'
import { payLinkSecret, signPayToken } from '../src/domain/order/pay-link'
import { invalidateSchoolCache } from '../src/domain/school/cache'
import { call } from './helpers'

export const schoolIdOf = async (app: FastifyInstance, code: string) =>
  (await app.db.selectFrom('school').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id

export const projectIdOf = async (app: FastifyInstance, code: string, name: string) =>
  (
    await app.db
      .selectFrom('project')
      .select('project.id')
      .innerJoin('school', 'school.id', 'project.school_id')
      .where('school.code', '=', code)
      .where('project.name', '=', name)
      .executeTakeFirstOrThrow()
  ).id

/** A submission the demo default form accepts (money project, WeChat Pay, H5). */
export function demoBody(itemsId: number, over: Partial<DonateSubmission> & Record<string, unknown> = {}): DonateSubmission {
  return {
    currency: 'CNY',
    payType: 1,
    currencyMoney: '100.00',
    itemsId,
    itemsType: 1,
    isAnonymous: 0,
    donateFrom: 'U1',
    formDataMap: { name: '张三', mobile: '86-13800138000', isAlumni: '0' },
    isAgree: 1,
    ...over
  } as DonateSubmission
}

export async function donate(app: FastifyInstance, school: string, token: string, body: unknown) {
  return call<DonateAnswer>(app, school, Api.donate, { method: 'POST', body, token })
}

/** Donates and returns the bill number, failing loudly when the server refuses. */
export async function placeOrder(app: FastifyInstance, school: string, token: string, body: unknown): Promise<string> {
  const r = await donate(app, school, token, body)
  if (r.body.code !== 0) throw new Error(`donate refused: ${r.body.code} ${r.body.message}`)
  return r.body.data.orderPayRequestDTO.billNo
}

/** The pay token donate handed out for this order (the same HMAC, recomputed from the order's expiry): what the
 *  sandbox cashier page has in its URL. A bill number without an order gets a token valid for 15 minutes. */
export async function orderPayToken(app: FastifyInstance, school: string, billNo: string): Promise<string> {
  const sid = await schoolIdOf(app, school)
  const order = await app.db
    .selectFrom('donation')
    .select('expires_at')
    .where('school_id', '=', sid)
    .where('bill_no', '=', billNo)
    .executeTakeFirst()
  const expMs = order?.expires_at ? Date.parse(order.expires_at) : Date.now() + 15 * 60_000
  return signPayToken(await payLinkSecret(app.db, sid), billNo, Math.ceil(expMs / 1000))
}

/** The sandbox cashier's confirm, as the cashier page sends it: with the order's pay token unless `payToken` says
 *  otherwise (null: none at all). */
export async function sandboxNotify(
  app: FastifyInstance,
  school: string,
  billNo: string,
  outcome: 'paid' | 'failed' = 'paid',
  amount?: string,
  payToken?: string | null
) {
  const token = payToken === undefined ? await orderPayToken(app, school, billNo) : payToken
  return call<{ status: string }>(app, school, Api.sandboxNotify, {
    method: 'POST',
    body: { billNo, outcome, ...(amount ? { amount } : {}), ...(token === null ? {} : { payToken: token }) }
  })
}

export async function orderRow(app: FastifyInstance, billNo: string) {
  return app.db.selectFrom('donation').selectAll().where('bill_no', '=', billNo).executeTakeFirstOrThrow()
}

/** Rows the donation flow writes: a refused donate must leave all of them unchanged. */
export async function writeCounts(app: FastifyInstance) {
  const n = async (table: 'donation' | 'donation_submission' | 'payment_notification' | 'job' | 'certificate') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
  return {
    donation: await n('donation'),
    submission: await n('donation_submission'),
    notification: await n('payment_notification'),
    job: await n('job')
  }
}

export const isOk = (b: Envelope) => b.code === 0

/** "1234.56" -> 123456 without floats. */
export function fen(yuan: string): number {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}

/** The school's rule that masks donors' names (boards, directory, posters), cleared from the settings cache. */
export async function setNameMasking(app: FastifyInstance, schoolId: number, on: boolean) {
  await app.db
    .updateTable('school_setting')
    .set({ mask_donor_names: on ? 1 : 0 })
    .where('school_id', '=', schoolId)
    .execute()
  invalidateSchoolCache()
}
