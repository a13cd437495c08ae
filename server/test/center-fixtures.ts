/**
 * Shared pieces of the personal-centre server tests (not a test file itself): paid gifts made through the server's own
 * donation flow (donate + the sandbox cashier's notify, order-fixtures.ts), an SMS provider that records codes,
 * a settable clock, and row counts for "nothing was written" assertions.
 */
import type { FastifyInstance } from 'fastify'
import { Api, type DonateSubmission } from '../../types'
import type { SmsCodeMessage, SmsProvider } from '../src/providers/sms/types'
import { call } from './helpers'
import { demoBody, orderRow, placeOrder, projectIdOf, sandboxNotify } from './order-fixtures'

export { demoBody, placeOrder, projectIdOf }

export async function cancelOrder(app: FastifyInstance, school: string, token: string, billNo: string) {
  const r = await call(app, school, Api.cancel, { query: { donatePlatOrder: billNo }, token })
  if (r.body.code !== 0) throw new Error(`cancel refused: ${r.body.message}`)
}

export const SCHOLARSHIP = '示范大学励志奖学金'
export const AVENUE = '校园林荫大道改造'

/** Donates through POST donate and pays through the sandbox cashier: the order becomes paid the way a real one does. */
export async function paidGift(
  app: FastifyInstance,
  school: string,
  token: string,
  itemsId: number,
  over: Partial<DonateSubmission> & Record<string, unknown> = {}
) {
  const billNo = await placeOrder(app, school, token, demoBody(itemsId, over))
  const n = await sandboxNotify(app, school, billNo)
  if (n.body.data?.status !== 'applied') throw new Error(`sandbox notify did not pay ${billNo}: ${JSON.stringify(n.body)}`)
  return orderRow(app, billNo)
}

/** An SMS provider that keeps what it was asked to send. */
export function recordingSms(): SmsProvider & { sent: SmsCodeMessage[]; last: (mobile: string) => string; fail: boolean } {
  const sent: SmsCodeMessage[] = []
  const p = {
    name: 'recording',
    sent,
    fail: false,
    async sendCode(m: SmsCodeMessage) {
      if (p.fail) throw new Error('gateway down')
      sent.push(m)
    },
    last(mobile: string) {
      const m = [...sent].reverse().find((x) => x.mobile === mobile)
      if (!m) throw new Error(`no code sent to ${mobile}`)
      return m.code
    }
  }
  return p
}

/** A clock tests move by hand. */
export function testClock(start = Date.now()) {
  let t = start
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms
    },
    set: (ms: number) => {
      t = ms
    }
  }
}

export type CountedTable =
  | 'certificate_request'
  | 'receipt_request'
  | 'fulfilment_history'
  | 'uploaded_file'
  | 'award_record'
  | 'user_login'
  | 'sms_code'
  | 'app_user'

export async function count(app: FastifyInstance, table: CountedTable): Promise<number> {
  return Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
  )
}

export async function counts(app: FastifyInstance, tables: CountedTable[]) {
  const out: Record<string, number> = {}
  for (const t of tables) out[t] = await count(app, t)
  return out
}

export const userIdOf = async (app: FastifyInstance, school: string, openId: string) =>
  (
    await app.db
      .selectFrom('app_user')
      .innerJoin('school', 'school.id', 'app_user.school_id')
      .select('app_user.id')
      .where('school.code', '=', school)
      .where('app_user.open_id', '=', openId)
      .executeTakeFirstOrThrow()
  ).id
