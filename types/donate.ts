/**
 * The donation flow on the wire (docs/product §3 Form config, Donation submission, Success data; §4 Donation flow, Pay types;
 * §7 Projects formDetail … donate4ali). Money is `Yuan` (string, two decimals); flags are 0/1.
 */
import type { Flag } from './entities'

/** docs/product §4 pay types. 99 (one school's bank-app option) creates no order: see DonateAnswer. */
export const PayTypes = {
  WECHAT: 1,
  ALIPAY: 2,
  CAMPUS_CARD: 9,
  THIRD_PARTY: 14,
  WECHAT_OTHER: 15,
  BANK_APP: 99
} as const
export type PayTypeCode = (typeof PayTypes)[keyof typeof PayTypes]

/** docs/product §3 donateFrom: U5 messaging-app web, U6 mini-program, U1 other. */
export type DonateFrom = 'U5' | 'U6' | 'U1'

/**
 * Where the donor pays from: donateFrom cannot tell the two mini-programs apart. weapp: the WeChat
 * mini-program; alipay: the Alipay mini-program; wechat-h5: H5 inside WeChat's browser; h5: any other browser. The server
 * picks the school's credentials (AppID, merchant) by it and refuses a pay type the channel cannot complete.
 */
export const PAY_CHANNELS = ['weapp', 'alipay', 'h5', 'wechat-h5'] as const
export type PayChannelCode = (typeof PAY_CHANNELS)[number]

/** The pay types each channel can complete (docs/decisions/018): a mini-program pays only through its own platform
 *  (and the campus card, debited by the server); inside WeChat nothing sends the donor to pay outside it. */
export const PAY_TYPES_BY_CHANNEL: Record<PayChannelCode, readonly PayTypeCode[]> = {
  weapp: [1, 15, 9, 99],
  alipay: [2, 9, 99],
  'wechat-h5': [1, 15, 9, 14, 99],
  h5: [1, 15, 2, 9, 14, 99]
}

export { FIELD_UI_TYPES } from './field-types'
export type { FieldUiType } from './schema/common'

/** The answers of the donation flow: the schemas of types/schema/donate.ts (docs/decisions/056-donor-contract.md). */
export type {
  FieldOption,
  FormField,
  FormConfig,
  PermissionResult,
  SubItemPrice,
  CardBalance,
  PaymentParams,
  DonateAnswer,
  SuccessData,
  Donate4AliAnswer,
  PaymentProviderName
} from './schema/donate'

/** Well-known fieldNames: the donor's name is `name` (copied to certificate, receipt and postal contact). */
export const DONOR_NAME_FIELD = 'name'

/** POST donate body (docs/product §3 Donation submission). The server recomputes the amount; the client's is checked. */
export interface DonateSubmission {
  formId?: number | null
  currency: 'CNY'
  payType: PayTypeCode
  /** yuan string, at most 2 decimals; goods: quantity × materialPrice */
  currencyMoney: string
  itemsId: number
  subItemsId?: number | null
  isDonateTogether?: Flag
  donateTogetherId?: number | null
  /** 1 normal donation; 2 naming (the naming fields: NamingDonateSubmission in types/naming.ts) */
  itemsType: 1 | 2
  isAnonymous: Flag
  donateFrom: DonateFrom
  /** absent from older clients, then derived from donateFrom and the pay type */
  payChannel?: PayChannelCode
  /** dynamic fields by fieldName; also stuWorkNo and passwork (sic) for the campus card, sign_agreement_file */
  formDataMap: Record<string, string | number>
  /** goods projects (crowdType 2): the number of units, a positive integer */
  donateMaterialNumber?: number
  /** the agreement checkbox: must be 1 */
  isAgree: Flag
  isNoData?: Flag
  isNeedPaper?: Flag
  certificateDonorName?: string
  certificateWay?: number | null
  isNeedReceipt?: Flag
  /** 1 personal, 2 enterprise */
  receiptDonorType?: 1 | 2 | null
  receiptDonorName?: string
  creditCode?: string
  receiptType?: number | null
  receiptWay?: number | null
  postalEmail?: string
  postalMobileSms?: string
  postalCountry?: string
  postalProvince?: string
  postalCity?: string
  postalDistrict?: string
  postalAddress?: string
  postalZip?: string
  postalContact?: string
  postalMobile?: string
}

/** Query of cancel, payback, success, donate4ali (the last three also take the order's payToken). */
export interface OrderQuery {
  donatePlatOrder: string
  payToken?: string
}

/** POST /api/{school}/sandbox/notify: the sandbox cashier's confirm; amount (yuan) only to test a mismatch. */
/** The sandbox cashier's confirm; payToken is the order's (DonateAnswer.payToken, in the cashier URL): required. */
export interface SandboxNotifyBody {
  billNo: string
  outcome: 'paid' | 'failed'
  payToken: string
  amount?: string
}

/** docs/product §9 / §5 limits the server enforces on donate. */
export const DONATE_LIMITS = {
  TEXTAREA_MAX: 200,
  CREDIT_CODE_LENGTH: 18,
  MAINLAND_MOBILE_LENGTH: 11,
  DEFAULT_AREA_CODE: '86',
  DATE_MIN_YEAR: 1900,
  DATE_MAX_YEAR: 2030
} as const

/**
 * Peak-day order limits (docs/decisions/033-peak-day-order-limits.md). `device` is the random id the app keeps in
 * its storage and sends on every request; `proof` answers an order challenge.
 */
export const DEVICE_HEADER = 'device'
export const PROOF_HEADER = 'proof'
/** what a device id looks like (the app makes 32 characters of [A-Za-z0-9]); anything else is not a device id */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

/**
 * The data of a donate refused with code -1 while the caller's address is busy and the donor has no paid gift at the
 * school: find a decimal `counter` such that sha256(`${seed}.${counter}`) starts with `bits` zero bits, then send the
 * same request again with the header `proof: ${seed}.${counter}`. One seed answers one order, for this donor only,
 * within `ttlSeconds`.
 */
export interface OrderChallenge {
  challenge: { seed: string; bits: number; ttlSeconds: number }
}
