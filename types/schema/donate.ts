/**
 * The donation flow's answers (docs/product §3 Form config, Success data; §4 Donation flow, Pay types; §7 Projects
 * formDetail … donate4ali; docs/decisions/056-donor-contract.md): each schema is the one source of its shape, the
 * type of the same name is `Static<>` of it. Money is `Yuan` (string, two decimals); flags are 0/1. The run-time
 * constants (PayTypes, PAY_CHANNELS, FIELD_UI_TYPES, DONATE_LIMITS) stay in types/donate.ts, TypeBox-free.
 */
import { Type, type Static } from 'typebox'
import { DONATE_FROMS, PAY_CHANNELS, PayTypes } from '../pay-codes'
import { Bool, FieldUiType, Flag, intEnum, Nullable, Num, Opt, Str, strEnum, Yuan } from './common'
import { body, optAny, optCode, optFlag, optInt, optNullableString, optString, query, reqCode, reqInt, reqString } from './wire-int'

export const FieldOption = Type.Object({ id: Str, title: Str })
export type FieldOption = Static<typeof FieldOption>

/**
 * One dynamic field. Values travel in DonateSubmission.formDataMap[fieldName] as strings (numbers accepted):
 * - input, textarea, password: text (password values are checked but never stored)
 * - number: a positive integer; mobile: "86-13800138000" (area code, dash, number) or 11 bare digits (code 86)
 * - switch: "1" on / "0" off; select, radio: one option id; select2: several option ids joined by ","
 * - date: "YYYY-MM-DD" (1900 to 2030); year: "YYYY" (100 years ago to 10 ahead); area: the picked region text
 * A field with isShowConfig 1 and conditionFieldName is shown (and validated) only when that field's value is one
 * of the comma-separated conditionFieldValue; a field hidden this way also hides the fields it controls.
 */
export const FormField = Type.Object({
  fieldName: Str,
  fieldShowName: Str,
  fieldUiType: FieldUiType,
  inputTip: Str,
  isRequire: Flag,
  isLengthLimit: Flag,
  /** characters (code points); 0 = none */
  lengthMin: Num,
  /** characters; textarea defaults to 200 when 0 */
  lengthMax: Num,
  /** select, select2, radio */
  optionList: Type.Array(FieldOption),
  isShowConfig: Flag,
  conditionFieldName: Str,
  /** comma-separated values of conditionFieldName that show this field */
  conditionFieldValue: Str
})
export type FormField = Static<typeof FormField>

/** docs/product §4 pay types: exactly the values of PayTypes (types/pay-codes.ts), so a new code is one edit there. */
const PayTypeCodeSchema = intEnum(Object.values(PayTypes))

/** GET formDetail?itemsId. Lists are docs/product §3 codes: receipt types 1 paper, 2 electronic; paper ways 1 pickup,
 *  2 express; electronic ways 3 e-mail, 4 SMS; certificate paper ways 1 pickup at school, 2 mail. */
export const FormConfig = Type.Object({
  id: Num,
  minMoney: Yuan,
  isIntegerMoney: Flag,
  payPlatformList: Type.Array(PayTypeCodeSchema),
  receiptTypeList: Type.Array(Num),
  receiptWayPaperList: Type.Array(Num),
  receiptWayElectronicList: Type.Array(Num),
  certificateWayPaperList: Type.Array(Num),
  /** non-empty when the school takes no online donations: show it instead of the form */
  offlineContactInfo: Str,
  /** the school has switched online donation off (baseConfig settings.disableOnlineDonation) */
  isOnlineDisabled: Flag,
  certificatePickUpAddress: Str,
  certificatePickUpName: Str,
  certificatePickUpMobile: Str,
  pickUpAddress: Str,
  pickUpName: Str,
  pickUpMobile: Str,
  isShowAnonymous: Flag,
  isShowNoData: Flag,
  isOpenCertificate: Flag,
  isShowCertificate: Flag,
  minMoneyCertificate: Yuan,
  isOpenReceipt: Flag,
  isShowReceipt: Flag,
  minMoneyReceipt: Yuan,
  isLargeRemind: Flag,
  largeAmount: Yuan,
  remindContent: Str,
  isCreditCode: Flag,
  /** the signed-in donor's previous answers (prefill), null without a token or before a first gift */
  donateRecord: Nullable(Type.Object({ certificateDonorName: Str, formData: Str })),
  fieldList: Type.Array(FormField)
})
export type FormConfig = Static<typeof FormConfig>

/** GET checkPermission?itemsId: code 0 with errorCode '' when the caller may donate. Refusals: code -998 with
 *  errorCode '0201' (alumni-only project, caller not a certified alumnus) or code -1 with '0101' (no valid token). */
export const PermissionResult = Type.Object({ errorCode: strEnum(['', '0201', '0101']) })
export type PermissionResult = Static<typeof PermissionResult>

/** GET itemsSubPrice?itemsId: the amounts offered per sub-project (its own fixed amounts, else the project's). */
export const SubItemPrice = Type.Object({ id: Num, name: Str, fixMoney: Type.Array(Type.Object({ title: Str, money: Yuan })) })
export type SubItemPrice = Static<typeof SubItemPrice>
export const SubItemPrices = Type.Array(SubItemPrice)

/** GET getCardBlance?stuWorkNo (campus card, pay type 9). */
export const CardBalance = Type.Object({ balance: Yuan })
export type CardBalance = Static<typeof CardBalance>

/** Which cashier the app opens for data.data (the server's payment providers are named by it). */
export const PaymentProviderName = strEnum(['sandbox', 'wechatpay', 'alipay', 'campus', 'thirdparty'])
export type PaymentProviderName = Static<typeof PaymentProviderName>

/**
 * POST donate answer data.data: WeChat JSAPI fields, a URL (type 14, WeChat H5, sandbox cashier), or Alipay tradeNo.
 * Declared once: the server's payment providers return exactly this (server/src/providers/payment/types.ts).
 */
export const PaymentParams = Type.Object({
  /** WeChat JSAPI: the app id of the prepay (the in-WeChat browser's WeixinJSBridge needs it) */
  appId: Opt(Str),
  timeStamp: Opt(Str),
  nonceStr: Opt(Str),
  packageValue: Opt(Str),
  signType: Opt(Str),
  paySign: Opt(Str),
  /** type 14 third-party URL, WeChat H5 mweb_url, or the sandbox cashier URL */
  url: Opt(Str),
  /** Alipay mini-program trade number for my.tradePay */
  tradeNo: Opt(Str),
  /** which cashier the app must open: lets the app route the sandbox without knowing the school's setup */
  provider: PaymentProviderName,
  /** campus card: the order was paid when donate answered; go straight to success */
  paid: Opt(Bool)
})
export type PaymentParams = Static<typeof PaymentParams>

/** POST donate answer. Pay type 99 answers code 0 with billNo '' and data null: nothing is created (docs/product §4). */
export const DonateAnswer = Type.Object({
  orderPayRequestDTO: Type.Object({ billNo: Str }),
  data: Nullable(PaymentParams),
  /**
   * Order-scoped pay-link token (docs/decisions/009-alipay-pay-link.md): payback, success and donate4ali accept it
   * as `payToken` instead of the owner's Authorization until the order expires. It goes into the Alipay page link
   * (`alipay?billNo&payToken`) that the donor copies out of WeChat; the session token never goes into a URL.
   */
  payToken: Opt(Str)
})
export type DonateAnswer = Static<typeof DonateAnswer>

/** payback: 1 when the order is paid */
export const Paid = Flag

/** GET success?donatePlatOrder (docs/product §3 Success data). certificateImg is '' until the certificate is rendered. */
export const SuccessData = Type.Object({
  name: Str,
  avatar: Str,
  itemsName: Str,
  itemsId: Num,
  itemsIntro: Str,
  itemsThumbnailImg: Str,
  successWord: Str,
  certificateImg: Str,
  /** 1 when this gift gets an e-certificate (open for the form and at least minMoneyCertificate): the app waits for
   *  certificateImg; 0 when none will come, so the thank-you page says so instead of "being generated" */
  certificateExpected: Flag
})
export type SuccessData = Static<typeof SuccessData>

/** GET donate4ali?donatePlatOrder: data.data is an HTML form to insert and auto-submit. */
export const Donate4AliAnswer = Type.Object({ data: Str })
export type Donate4AliAnswer = Static<typeof Donate4AliAnswer>

/** The sandbox cashier's confirm: what became of the notification (a refusal is a -1). */
export const SandboxNotifyAnswer = Type.Object({ status: strEnum(['applied', 'duplicate', 'late', 'closed', 'ignored']) })
export type SandboxNotifyAnswer = Static<typeof SandboxNotifyAnswer>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** GET formDetail and checkPermission: a signed-in donor's form is prefilled, and their permission is their own. */
export const FormQuery = query({ itemsId: reqInt(), token: optString(200) })
export type FormQuery = Static<typeof FormQuery>
/** GET getCardBlance: the balance of a card the signed-in donor has already proved (pay type 9). */
export const CardBalanceQuery = query({ stuWorkNo: reqString(64, 1), token: optString(200) })
export type CardBalanceQuery = Static<typeof CardBalanceQuery>
/** POST getCardBlance: the password in the body (never in a URL: URLs reach logs), one guarded check that proves the card. */
export const CardBalanceBody = body({ stuWorkNo: reqString(64, 1), password: reqString(64, 1), token: optString(200) })
export type CardBalanceBody = Static<typeof CardBalanceBody>

const str = optNullableString

/**
 * POST donate (docs/product §3 Donation submission), itemsType 1 and 2 alike: the body as it arrives. The schema checks
 * shapes only (no coercion; integers as `wireInt` takes them): every docs/product §5 rule is a -1 with a message from
 * the server's validation (domain/order/validation.ts), so almost every field may be absent or null here. The server
 * recomputes the amount; the client's is checked. A naming order's fields: NamingDonateSubmission (naming.ts).
 */
export const DonateSubmission = body({
  /** the built-in form is 0 */
  formId: optInt(0),
  /** 'CNY' */
  currency: str(8),
  /** one of PayTypes; the form's payPlatformList and the channel decide which are allowed */
  payType: reqCode(),
  /** yuan text, at most 2 decimals; goods: quantity × materialPrice */
  currencyMoney: optString(32),
  itemsId: reqInt(),
  subItemsId: optInt(),
  isDonateTogether: optFlag(),
  donateTogetherId: optInt(),
  /** 1 normal donation; 2 naming */
  itemsType: reqCode(),
  isAnonymous: optFlag(),
  donateFrom: strEnum(DONATE_FROMS),
  /** which of the four channels (types/pay-codes.ts PAY_CHANNELS); absent from older clients, then derived from
   *  donateFrom and the pay type */
  payChannel: Opt(strEnum(PAY_CHANNELS)),
  /** dynamic fields by fieldName; also stuWorkNo and passwork (sic) for the campus card, sign_agreement_file */
  formDataMap: Opt(
    Type.Unsafe<Record<string, string | number | boolean | null>>({
      type: 'object',
      maxProperties: 60,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] }
    })
  ),
  /** goods projects (crowdType 2): the number of units, a positive integer (checked with a -1) */
  donateMaterialNumber: optAny(),
  /** the agreement checkbox: must be 1 (checked with a -1) */
  isAgree: optAny(),
  isNoData: optFlag(),
  isNeedPaper: optFlag(),
  certificateDonorName: str(100),
  certificateWay: optCode(),
  isNeedReceipt: optFlag(),
  /** 1 personal, 2 enterprise */
  receiptDonorType: optCode(),
  receiptDonorName: str(200),
  creditCode: str(64),
  receiptType: optCode(),
  receiptWay: optCode(),
  postalEmail: str(200),
  postalMobileSms: str(32),
  postalCountry: str(64),
  postalProvince: str(64),
  postalCity: str(64),
  postalDistrict: str(64),
  postalAddress: str(500),
  postalZip: str(16),
  postalContact: str(64),
  postalMobile: str(32),
  token: str(200),
  /** a giving-day ambassador's code from the link the donor came by (decision 075): checked with a -1 (unknown code,
   *  or the caller's own); the gift is credited to the ambassador when it is paid within that day */
  ambassador: str(16),
  /** naming orders (itemsType 2): checked entry by entry with a -1 naming the seat or book (NamingDonateSubmission) */
  seatList: optAny(),
  bookList: optAny(),
  namingType: optAny()
})
export type DonateSubmission = Static<typeof DonateSubmission>

/** Query of cancel, payback, success, donate4ali (the last three also take the order's payToken). */
export const OrderQuery = query({ donatePlatOrder: reqString(40, 1), token: optString(200), payToken: optString(100) })
export type OrderQuery = Static<typeof OrderQuery>

/** POST /api/{school}/sandbox/notify: the sandbox cashier's confirm. payToken is the order's (DonateAnswer.payToken, in
 *  the cashier URL): without it the call is refused (403). amount (yuan) only to test a mismatch. */
export const SandboxNotifyBody = body({
  billNo: reqString(40, 1),
  outcome: strEnum(['paid', 'failed']),
  payToken: optString(100),
  amount: Opt(Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$' }))
})
export type SandboxNotifyBody = Static<typeof SandboxNotifyBody>
