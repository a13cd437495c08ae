/**
 * The donation flow on the wire (docs/product §3 Form config, Donation submission, Success data; §4 Donation flow, Pay types;
 * §7 Projects formDetail … donate4ali). Money is `Yuan` (string, two decimals); flags are 0/1.
 */

export { PayTypes, PAY_CHANNELS, DONATE_FROMS, type PayTypeCode, type PayChannelCode, type DonateFrom } from './pay-codes'
import type { PayChannelCode, PayTypeCode } from './pay-codes'

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
/** The donation flow's requests (docs/decisions/066-donor-requests.md). */
export type { FormQuery, CardBalanceQuery, CardBalanceBody, DonateSubmission, OrderQuery, SandboxNotifyBody } from './schema/donate'

/** Well-known fieldNames: the donor's name is `name` (copied to certificate, receipt and postal contact). */
export const DONOR_NAME_FIELD = 'name'

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

/** The data of a donate refused while the caller's address is busy: the schema of types/schema/refusals.ts. */
export type { OrderChallenge } from './schema/refusals'
