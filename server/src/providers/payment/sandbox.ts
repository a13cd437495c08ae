/**
 * The sandbox provider: the default for every pay type a school has not configured, for local runs, tests and the
 * demo schools. No money moves. create() answers the URL of the app's sandbox cashier page; the cashier's confirm
 * calls POST /api/{school}/sandbox/notify {billNo, outcome}, which (only when the school has the sandbox enabled)
 * builds the raw notification below and sends it through verifyNotification and the same applyNotification as
 * WeChat Pay or Alipay. The sandbox has no remote state: query() knows nothing. refund() accepts and hands back the
 * refund notification to apply (domain/refund/service.ts), the same path a real provider's refund notify takes.
 */
import {
  ProviderError,
  type CloseOutcome,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  type RefundAnswer,
  type RefundInput,
  type VerifiedNotification
} from './types'
import { fenToYuan } from '../../lib/money'

const NAME = 'sandbox' as const

/** The raw body the sandbox notify route hands to verifyNotification. */
export interface SandboxNotification {
  billNo: string
  outcome: 'paid' | 'failed'
  amountFen: number
}

/** H5 path of the app's sandbox cashier page (route `cashier`, src/lib/route-list.ts); the mini-programs open the same
 *  page by route name with this URL's query. */
export const SANDBOX_CASHIER_PATH = '/cashier'

/** The cashier shows the amount and the project (`subject`); `payToken` lets it finish (payback, success) in a
 *  browser without the donor's session, e.g. after the Alipay page's form in the system browser. */
export function sandboxCashierUrl(
  input: Pick<CreatePaymentInput, 'billNo' | 'amountFen' | 'schoolCode' | 'payType' | 'description' | 'payToken'>
): string {
  const q = new URLSearchParams({
    billNo: input.billNo,
    amount: fenToYuan(input.amountFen),
    school: input.schoolCode,
    payType: String(input.payType)
  })
  if (input.description) q.set('subject', input.description.slice(0, 80))
  if (input.payToken) q.set('payToken', input.payToken)
  // spaces as %20, not URLSearchParams' '+': a page router's query reader (Taro's) keeps '+' as it is, and an English
  // project name ("CPU Merit Scholarship") would show as "CPU+Merit+Scholarship" (decision 073)
  return `${SANDBOX_CASHIER_PATH}?${q.toString().replace(/\+/g, '%20')}`
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: NAME,

    async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
        throw new ProviderError('sandbox: amount must be positive fen', NAME, 'malformed')
      return { params: { provider: NAME, url: sandboxCashierUrl(input) } }
    },

    async verifyNotification(n: IncomingNotification): Promise<VerifiedNotification> {
      let body: Partial<SandboxNotification>
      try {
        body = JSON.parse(n.rawBody) as Partial<SandboxNotification>
      } catch {
        throw new ProviderError('sandbox notify: body is not JSON', NAME, 'malformed')
      }
      if (!body || typeof body.billNo !== 'string' || !body.billNo)
        throw new ProviderError('sandbox notify: billNo missing', NAME, 'malformed')
      if (body.outcome !== 'paid' && body.outcome !== 'failed')
        throw new ProviderError('sandbox notify: outcome must be paid or failed', NAME, 'malformed')
      if (!Number.isSafeInteger(body.amountFen) || (body.amountFen as number) < 0)
        throw new ProviderError('sandbox notify: amountFen missing', NAME, 'malformed')
      return {
        provider: NAME,
        billNo: body.billNo,
        providerTradeNo: `SBX${body.billNo}`,
        amountFen: body.amountFen as number,
        outcome: body.outcome,
        raw: n.rawBody
      }
    },

    async query(): Promise<VerifiedNotification | null> {
      return null
    },

    /** The sandbox keeps no order of its own: nothing to close (its cashier's late confirm goes to review like any late money). */
    async close(): Promise<CloseOutcome> {
      return { status: 'absent' }
    },

    /** Accepts every refund and reports it at once through the same notification path as the real providers
     *  (docs/decisions/032-refunds.md): nobody else would call back. */
    async refund(input: RefundInput): Promise<RefundAnswer> {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0 || input.amountFen > input.totalFen)
        throw new ProviderError('sandbox refund: amount must be positive fen within the payment', NAME, 'declined')
      const providerRefundNo = `SBXR${input.outRefundNo}`.slice(0, 64)
      const raw = JSON.stringify({ billNo: input.billNo, outRefundNo: input.outRefundNo, refundFen: input.amountFen })
      return {
        outcome: 'processing',
        providerRefundNo,
        raw,
        notify: {
          provider: NAME,
          billNo: input.billNo,
          providerTradeNo: input.providerTradeNo || `SBX${input.billNo}`,
          amountFen: input.totalFen,
          outcome: 'paid',
          raw,
          refund: { outRefundNo: input.outRefundNo, providerRefundNo, refundFen: input.amountFen, outcome: 'succeeded' }
        }
      }
    },

    ack(ok: boolean): NotificationAck {
      return { status: ok ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ code: ok ? 0 : -1 }) }
    }
  }
}
