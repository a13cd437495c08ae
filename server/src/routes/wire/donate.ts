/** Answer schemas of types/donate.ts (the donation flow). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import type { NotificationResult } from '../../domain/order/notifications'
import { wireSchema } from '../../lib/schemas'
import { Bool, FieldUiType, Flag, intEnum, Nullable, Num, Opt, Str, strEnum, Yuan } from './common'

const FieldOption = Type.Object({ id: Str, title: Str })
const FormField = Type.Object({
  fieldName: Str,
  fieldShowName: Str,
  fieldUiType: FieldUiType,
  inputTip: Str,
  isRequire: Flag,
  isLengthLimit: Flag,
  lengthMin: Num,
  lengthMax: Num,
  optionList: Type.Array(FieldOption),
  isShowConfig: Flag,
  conditionFieldName: Str,
  conditionFieldValue: Str
})
const PayTypeCode = intEnum([1, 2, 9, 14, 15, 99])

export const FormConfig = wireSchema<W.FormConfig>()(
  Type.Object({
    id: Num,
    minMoney: Yuan,
    isIntegerMoney: Flag,
    payPlatformList: Type.Array(PayTypeCode),
    receiptTypeList: Type.Array(Num),
    receiptWayPaperList: Type.Array(Num),
    receiptWayElectronicList: Type.Array(Num),
    certificateWayPaperList: Type.Array(Num),
    offlineContactInfo: Str,
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
    donateRecord: Nullable(Type.Object({ certificateDonorName: Str, formData: Str })),
    fieldList: Type.Array(FormField)
  })
)

export const PermissionResult = wireSchema<W.PermissionResult>()(Type.Object({ errorCode: strEnum(['', '0201', '0101']) }))

export const SubItemPrices = wireSchema<W.SubItemPrice[]>()(
  Type.Array(
    Type.Object({
      id: Num,
      name: Str,
      fixMoney: Type.Array(Type.Object({ title: Str, money: Yuan }))
    })
  )
)

export const CardBalance = wireSchema<W.CardBalance>()(Type.Object({ balance: Yuan }))

export const PaymentParams = wireSchema<W.PaymentParams>()(
  Type.Object({
    appId: Opt(Str),
    timeStamp: Opt(Str),
    nonceStr: Opt(Str),
    packageValue: Opt(Str),
    signType: Opt(Str),
    paySign: Opt(Str),
    url: Opt(Str),
    tradeNo: Opt(Str),
    provider: strEnum(['sandbox', 'wechatpay', 'alipay', 'campus', 'thirdparty']),
    paid: Opt(Bool)
  })
)
export const DonateAnswer = wireSchema<W.DonateAnswer>()(
  Type.Object({
    orderPayRequestDTO: Type.Object({ billNo: Str }),
    data: Nullable(PaymentParams),
    payToken: Opt(Str)
  })
)

/** payback: 1 when the order is paid */
export const Paid = wireSchema<0 | 1>()(Flag)

export const SuccessData = wireSchema<W.SuccessData>()(
  Type.Object({
    name: Str,
    avatar: Str,
    itemsName: Str,
    itemsId: Num,
    itemsIntro: Str,
    itemsThumbnailImg: Str,
    successWord: Str,
    certificateImg: Str,
    certificateExpected: Flag
  })
)

export const Donate4AliAnswer = wireSchema<W.Donate4AliAnswer>()(Type.Object({ data: Str }))

/** The sandbox cashier's confirm: what became of the notification (a refusal is a -1). */
export const SandboxNotifyAnswer = wireSchema<{ status: Exclude<NotificationResult['status'], 'rejected'> }>()(
  Type.Object({ status: strEnum(['applied', 'duplicate', 'late', 'closed', 'ignored']) })
)
