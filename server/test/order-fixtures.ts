/**
 * Shared pieces of the order and form tests (not a test file itself): a valid submission for each demo form,
 * donate/pay helpers through the real routes, and database counts.
 */
import type { FastifyInstance } from 'fastify'
import { Api, type DonateAnswer, type DonateSubmission, type Envelope } from '../../types'
import { call } from './helpers'

export const schoolIdOf = async (app: FastifyInstance, code: string) =>
  (await app.db.selectFrom('school').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id

export const projectIdOf = async (app: FastifyInstance, code: string, name: string) =>
  (await app.db.selectFrom('project').select('project.id').innerJoin('school', 'school.id', 'project.school_id')
    .where('school.code', '=', code).where('project.name', '=', name).executeTakeFirstOrThrow()).id

/** A submission the demo default form accepts (money project, WeChat Pay, H5). */
export function demoBody(itemsId: number, over: Partial<DonateSubmission> & Record<string, unknown> = {}): DonateSubmission {
  return {
    currency: 'CNY', payType: 1, currencyMoney: '100.00', itemsId, itemsType: 1, isAnonymous: 0, donateFrom: 'U1',
    formDataMap: { name: '张三', mobile: '86-13800138000', isAlumni: '0' }, isAgree: 1, ...over
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

export async function sandboxNotify(app: FastifyInstance, school: string, billNo: string, outcome: 'paid' | 'failed' = 'paid', amount?: string) {
  return call<{ status: string }>(app, school, Api.sandboxNotify, { method: 'POST', body: { billNo, outcome, ...(amount ? { amount } : {}) } })
}

export async function orderRow(app: FastifyInstance, billNo: string) {
  return app.db.selectFrom('donation').selectAll().where('bill_no', '=', billNo).executeTakeFirstOrThrow()
}

/** Rows the donation flow writes: a refused donate must leave all of them unchanged. */
export async function writeCounts(app: FastifyInstance) {
  const n = async (table: 'donation' | 'donation_submission' | 'payment_notification' | 'job' | 'certificate') =>
    Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  return { donation: await n('donation'), submission: await n('donation_submission'), notification: await n('payment_notification'), job: await n('job') }
}

export const isOk = (b: Envelope) => b.code === 0

/** "1234.56" -> 123456 without floats. */
export function fen(yuan: string): number {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
