/**
 * The campus card service (docs/product §4 pay type 9, §5 campus card rules): what a school's card system must offer, the
 * per-school registry the campus-card payment provider and the getCardBlance route use, and the messages the order
 * core shows. A real school plugs in its card system's client; `demo.ts` is the demo implementation.
 */
import { ProviderError } from '../payment/types'

export interface CampusCardPayment {
  billNo: string
  tradeNo: string
  stuWorkNo: string
  amountFen: number
  paidAt: string
}

export interface CampusCardService {
  /**
   * Balance in fen. With a password the card is authenticated first; without one the service decides whether a
   * plain lookup is allowed (docs/product §7 getCardBlance sends only stuWorkNo).
   */
  balance(stuWorkNo: string, password?: string): Promise<number>
  /**
   * Debits the card once per billNo (a retry with the same billNo answers the first payment, charges nothing).
   * Throws ProviderError kind 'declined' only when the card system refused and took nothing (wrong password,
   * insufficient balance, frozen card); anything else it throws (kind 'indeterminate', a timeout, a network error,
   * an unexpected answer) means the debit may have happened: the order waits for findPayment.
   */
  pay(stuWorkNo: string, password: string, amountFen: number, billNo: string): Promise<{ tradeNo: string }>
  /** The payment made for a billNo, for reconciliation; null only when the card system knows for certain there is
   *  none; throws when it cannot be asked. Without it a lost debit answer is settled by hand. */
  findPayment?(billNo: string): Promise<CampusCardPayment | null>
  /**
   * Gives `amountFen` of a debit back to the card, once per outRefundNo (a repeat answers the first refund). Throws
   * ProviderError 'declined' when the card system refused (no such debit, more than was debited) and anything else
   * when the answer was lost. Without it, staff give card refunds back outside and record them.
   */
  refund?(r: CampusCardRefundRequest): Promise<{ refundNo: string }>
  /** A refund made for an outRefundNo; null when the card system knows for certain there is none. */
  findRefund?(outRefundNo: string): Promise<{ refundNo: string; amountFen: number; billNo: string } | null>
}

export interface CampusCardRefundRequest {
  billNo: string
  outRefundNo: string
  amountFen: number
}

/**
 * ProviderError messages of the campus card are these keys (kind in brackets): the order core shows the text in the
 * request language. campusCardInsufficient [declined] = 一卡通余额不足; campusCardReadFailed [upstream] = 读取余额失败.
 */
export const CAMPUS_CARD_MESSAGES = {
  campusCardRequired: { zh_CN: '请输入学号/工号和一卡通密码', en: 'Please enter the student/staff number and card password' },
  campusCardAuthFailed: { zh_CN: '学号/工号或一卡通密码错误', en: 'Wrong student/staff number or card password' },
  campusCardFrozen: { zh_CN: '一卡通已挂失或冻结', en: 'The campus card is reported lost or frozen' },
  campusCardInsufficient: { zh_CN: '一卡通余额不足', en: 'Insufficient campus card balance' },
  campusCardReadFailed: { zh_CN: '读取余额失败', en: 'Failed to read the card balance' },
  campusCardNotConfigured: { zh_CN: '本校未开通一卡通支付', en: 'Campus card payment is not available for this school' }
} as const

export type CampusCardMessageKey = keyof typeof CAMPUS_CARD_MESSAGES

export const isCampusCardMessageKey = (s: string): s is CampusCardMessageKey => Object.hasOwn(CAMPUS_CARD_MESSAGES, s)

/** Text of a campus-card ProviderError message key; other messages pass through. */
export function campusCardMessage(key: string, lang: 'zh_CN' | 'en' = 'zh_CN'): string {
  return isCampusCardMessageKey(key) ? CAMPUS_CARD_MESSAGES[key][lang] : key
}

export const campusCardError = (key: CampusCardMessageKey, kind: ProviderError['kind'] = 'declined'): ProviderError =>
  new ProviderError(key, 'campus', kind)

/**
 * docs/product §5: the initial password is the last six characters of the ID number with x replaced by 1
 * ("11010519491231002X" -> "310021").
 */
export function initialCardPassword(idNo: string): string {
  return idNo.trim().slice(-6).replace(/[xX]/g, '1')
}

const services = new Map<number, CampusCardService>()

/** The order engineer's registry calls this for each school that offers pay type 9. */
export function registerCampusCardService(schoolId: number, service: CampusCardService): void {
  services.set(schoolId, service)
}

export function campusCardServiceFor(schoolId: number): CampusCardService {
  const s = services.get(schoolId)
  if (!s) throw campusCardError('campusCardNotConfigured', 'config')
  return s
}

/**
 * getCardBlance (docs/product §7): the balance in fen of a card at a school. Throws ProviderError with a campus-card message
 * key: campusCardRequired, campusCardAuthFailed, campusCardFrozen, campusCardReadFailed, campusCardNotConfigured.
 */
export async function getCardBalance(schoolId: number, stuWorkNo: string, password?: string): Promise<number> {
  if (!stuWorkNo || !stuWorkNo.trim()) throw campusCardError('campusCardRequired')
  const service = campusCardServiceFor(schoolId)
  let fen: number
  try {
    fen = await service.balance(stuWorkNo.trim(), password === '' ? undefined : password)
  } catch (err) {
    if (err instanceof ProviderError) throw err
    throw campusCardError('campusCardReadFailed', 'upstream')
  }
  if (!Number.isSafeInteger(fen) || fen < 0) throw campusCardError('campusCardReadFailed', 'upstream')
  return fen
}
