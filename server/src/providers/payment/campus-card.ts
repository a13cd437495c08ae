/**
 * Campus card payment (docs/product §4 pay type 9): create() debits the card synchronously through the school's
 * CampusCardService and answers paidImmediately, so the order core marks the order paid and the app goes straight to
 * success. Refusals are ProviderErrors whose message is a campus-card message key (providers/campus-card/service.ts):
 * campusCardInsufficient (kind 'declined') = 一卡通余额不足, campusCardReadFailed ('upstream') = 读取余额失败,
 * campusCardRequired / campusCardAuthFailed / campusCardFrozen ('declined').
 *
 * A debit whose answer is lost is kind 'indeterminate': the card may have been charged, so the order core moves the
 * order to 'reconciling' instead of cancelling it, and query() later asks the card system (findPayment) what
 * happened: a payment found is 'paid', "no such debit" is 'failed' (nothing was taken), an unreachable card system
 * throws and is asked again on the next run.
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
import { campusCardError, type CampusCardService } from '../campus-card/service'
import { assertAmountFen } from './common/http'

export interface CampusCardProviderConfig {
  service: CampusCardService
}

const NAME = 'campus' as const

export function createCampusCardPay(config: CampusCardProviderConfig): PaymentProvider {
  const { service } = config
  return {
    name: NAME,

    async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      assertAmountFen(input.amountFen, NAME)
      const stuWorkNo = input.campusCard?.stuWorkNo?.trim() ?? ''
      const password = input.campusCard?.password ?? ''
      if (!stuWorkNo || !password) throw campusCardError('campusCardRequired')
      let tradeNo: string
      try {
        // the balance check of docs/product §5 first: an unreadable card answers 读取余额失败 before any debit is tried
        const balance = await service.balance(stuWorkNo, password)
        if (!Number.isSafeInteger(balance)) throw campusCardError('campusCardReadFailed', 'upstream')
        if (balance < input.amountFen) throw campusCardError('campusCardInsufficient')
      } catch (err) {
        if (err instanceof ProviderError) throw err
        throw new ProviderError(`campus card service failed: ${(err as Error).message}`, NAME, 'upstream')
      }
      try {
        tradeNo = (await service.pay(stuWorkNo, password, input.amountFen, input.billNo)).tradeNo
      } catch (err) {
        // Only the card system's explicit refusal proves nothing was taken; anything else may hide a debit.
        if (err instanceof ProviderError && (err.kind === 'declined' || err.kind === 'config' || err.kind === 'malformed')) throw err
        throw new ProviderError(`campus card debit ${input.billNo} without an answer: ${(err as Error).message}`, NAME, 'indeterminate')
      }
      const paid: VerifiedNotification = {
        provider: NAME,
        billNo: input.billNo,
        providerTradeNo: tradeNo,
        amountFen: input.amountFen,
        outcome: 'paid',
        raw: JSON.stringify({ billNo: input.billNo, tradeNo, stuWorkNo, amountFen: input.amountFen })
      }
      return { params: { provider: NAME }, paidImmediately: paid }
    },

    async verifyNotification(_n: IncomingNotification): Promise<VerifiedNotification> {
      throw new ProviderError('the campus card sends no notifications', NAME, 'forged')
    },

    async query(billNo: string): Promise<VerifiedNotification | null> {
      if (!service.findPayment) return null
      const p = await service.findPayment(billNo)
      // the card system's word that this bill was never debited: the order may be closed without a refund
      if (!p)
        return {
          provider: NAME,
          billNo,
          providerTradeNo: '',
          amountFen: 0,
          outcome: 'failed',
          raw: JSON.stringify({ billNo, debited: false })
        }
      return { provider: NAME, billNo, providerTradeNo: p.tradeNo, amountFen: p.amountFen, outcome: 'paid', raw: JSON.stringify(p) }
    },

    /** The card is debited inside create() or not at all: there is no open order at the card system to close. */
    async close(): Promise<CloseOutcome> {
      return { status: 'absent' }
    },
    // a card system that gives refunds back (providers/campus-card/http.ts POST /refunds); without it staff record
    // card refunds made outside (docs/decisions/032-refunds.md)
    ...(service.refund
      ? {
          async refund(input: RefundInput): Promise<RefundAnswer> {
            assertAmountFen(input.amountFen, NAME)
            const r = await service.refund!({ billNo: input.billNo, outRefundNo: input.outRefundNo, amountFen: input.amountFen })
            return { outcome: 'succeeded', providerRefundNo: r.refundNo, raw: JSON.stringify({ ...r, outRefundNo: input.outRefundNo }) }
          }
        }
      : {}),
    ...(service.findRefund
      ? {
          async queryRefund(outRefundNo: string): Promise<RefundAnswer | null> {
            const r = await service.findRefund!(outRefundNo)
            return r ? { outcome: 'succeeded', providerRefundNo: r.refundNo, raw: JSON.stringify(r) } : null
          }
        }
      : {}),

    ack(ok: boolean): NotificationAck {
      return { status: ok ? 200 : 400, contentType: 'text/plain', body: ok ? 'OK' : 'FAIL' }
    }
  }
}
