/**
 * The donation flow on the wire (docs/product §3 Form config, Donation submission, Success data; §4 Donation flow, Pay types;
 * §7 Projects formDetail … donate4ali). Money is `Yuan` (string, two decimals); flags are 0/1.
 */
import type { Flag } from './entities'
import type { Yuan } from './money'

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

/** The twelve dynamic field types of docs/product §3 fieldList. */
export const FIELD_UI_TYPES = [
  'input',
  'password',
  'number',
  'textarea',
  'mobile',
  'switch',
  'select',
  'select2',
  'date',
  'area',
  'year',
  'radio'
] as const
export type FieldUiType = (typeof FIELD_UI_TYPES)[number]

export interface FieldOption {
  id: string
  title: string
}

/**
 * One dynamic field. Values travel in DonateSubmission.formDataMap[fieldName] as strings (numbers accepted):
 * - input, textarea, password: text (password values are checked but never stored)
 * - number: a positive integer; mobile: "86-13800138000" (area code, dash, number) or 11 bare digits (code 86)
 * - switch: "1" on / "0" off; select, radio: one option id; select2: several option ids joined by ","
 * - date: "YYYY-MM-DD" (1900 to 2030); year: "YYYY" (100 years ago to 10 ahead); area: the picked region text
 * A field with isShowConfig 1 and conditionFieldName is shown (and validated) only when that field's value is one
 * of the comma-separated conditionFieldValue; a field hidden this way also hides the fields it controls.
 */
export interface FormField {
  fieldName: string
  fieldShowName: string
  fieldUiType: FieldUiType
  inputTip: string
  isRequire: Flag
  isLengthLimit: Flag
  /** characters (code points); 0 = none */
  lengthMin: number
  /** characters; textarea defaults to 200 when 0 */
  lengthMax: number
  /** select, select2, radio */
  optionList: FieldOption[]
  isShowConfig: Flag
  conditionFieldName: string
  /** comma-separated values of conditionFieldName that show this field */
  conditionFieldValue: string
}

/** Well-known fieldNames: the donor's name is `name` (copied to certificate, receipt and postal contact). */
export const DONOR_NAME_FIELD = 'name'

/** GET formDetail?itemsId. Lists are docs/product §3 codes: receipt types 1 paper, 2 electronic; paper ways 1 pickup,
 *  2 express; electronic ways 3 e-mail, 4 SMS; certificate paper ways 1 pickup at school, 2 mail. */
export interface FormConfig {
  id: number
  minMoney: Yuan
  isIntegerMoney: Flag
  payPlatformList: PayTypeCode[]
  receiptTypeList: number[]
  receiptWayPaperList: number[]
  receiptWayElectronicList: number[]
  certificateWayPaperList: number[]
  /** non-empty when the school takes no online donations: show it instead of the form */
  offlineContactInfo: string
  /** the school has switched online donation off (baseConfig settings.disableOnlineDonation) */
  isOnlineDisabled: Flag
  certificatePickUpAddress: string
  certificatePickUpName: string
  certificatePickUpMobile: string
  pickUpAddress: string
  pickUpName: string
  pickUpMobile: string
  isShowAnonymous: Flag
  isShowNoData: Flag
  isOpenCertificate: Flag
  isShowCertificate: Flag
  minMoneyCertificate: Yuan
  isOpenReceipt: Flag
  isShowReceipt: Flag
  minMoneyReceipt: Yuan
  isLargeRemind: Flag
  largeAmount: Yuan
  remindContent: string
  isCreditCode: Flag
  /** the signed-in donor's previous answers (prefill), null without a token or before a first gift */
  donateRecord: { certificateDonorName: string; formData: string } | null
  fieldList: FormField[]
}

/** GET checkPermission?itemsId: code 0 with errorCode '' when the caller may donate. Refusals: code -998 with
 *  errorCode '0201' (alumni-only project, caller not a certified alumnus) or code -1 with '0101' (no valid token). */
export interface PermissionResult {
  errorCode: '' | '0201' | '0101'
}

/** GET itemsSubPrice?itemsId: the amounts offered per sub-project (its own fixed amounts, else the project's). */
export interface SubItemPrice {
  id: number
  name: string
  fixMoney: { title: string; money: Yuan }[]
}

/** GET getCardBlance?stuWorkNo (campus card, pay type 9). */
export interface CardBalance {
  balance: Yuan
}

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

/** Which cashier the app opens for data.data (the server's payment providers are named by it). */
export type PaymentProviderName = 'sandbox' | 'wechatpay' | 'alipay' | 'campus' | 'thirdparty'

/**
 * POST donate answer data.data: WeChat JSAPI fields, a URL (type 14, WeChat H5, sandbox cashier), or Alipay tradeNo.
 * Declared once: the server's payment providers return exactly this (server/src/providers/payment/types.ts).
 */
export interface PaymentParams {
  /** WeChat JSAPI: the app id of the prepay (the in-WeChat browser's WeixinJSBridge needs it) */
  appId?: string
  timeStamp?: string
  nonceStr?: string
  packageValue?: string
  signType?: string
  paySign?: string
  /** type 14 third-party URL, WeChat H5 mweb_url, or the sandbox cashier URL */
  url?: string
  /** Alipay mini-program trade number for my.tradePay */
  tradeNo?: string
  /** which cashier the app must open: lets the app route the sandbox without knowing the school's setup */
  provider: PaymentProviderName
  /** campus card: the order was paid when donate answered; go straight to success */
  paid?: boolean
}

/** POST donate answer. Pay type 99 answers code 0 with billNo '' and data null: nothing is created (docs/product §4). */
export interface DonateAnswer {
  orderPayRequestDTO: { billNo: string }
  data: PaymentParams | null
  /**
   * Order-scoped pay-link token (docs/decisions/009-alipay-pay-link.md): payback, success and donate4ali accept it
   * as `payToken` instead of the owner's Authorization until the order expires. It goes into the Alipay page link
   * (`alipay?billNo&payToken`) that the donor copies out of WeChat; the session token never goes into a URL.
   */
  payToken?: string
}

/** GET success?donatePlatOrder (docs/product §3 Success data). certificateImg is '' until the certificate is rendered. */
export interface SuccessData {
  name: string
  avatar: string
  itemsName: string
  itemsId: number
  itemsIntro: string
  itemsThumbnailImg: string
  successWord: string
  certificateImg: string
  /** 1 when this gift gets an e-certificate (open for the form and at least minMoneyCertificate): the app waits for
   *  certificateImg; 0 when none will come, so the thank-you page says so instead of "being generated" */
  certificateExpected: Flag
}

/** GET donate4ali?donatePlatOrder: data.data is an HTML form to insert and auto-submit. */
export interface Donate4AliAnswer {
  data: string
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
