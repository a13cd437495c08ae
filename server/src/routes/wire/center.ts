/** Answer schemas of types/center.ts (the personal centre, awards, certificates, receipts, uploads). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Flag, intEnum, Nullable, Num, NumOrNull, Opt, Page, Str, Yuan } from './common'
import { NameplateText } from './naming'
import { TogetherDonation } from './entities'

export const UserCenter = wireSchema<W.UserCenter>()(
  Type.Object({
    userId: Num,
    nickname: Str,
    isDefaultNickname: Flag,
    avatar: Str,
    donateMoney: Yuan,
    donateCountItems: Num,
    launchCount: Num,
    togetherLaunchCount: Num,
    isOpenLogin: Flag,
    accountType: intEnum([1, 2]),
    loginNotes: Str,
    isAlumni: Flag
  })
)

export const Award = wireSchema<W.Award>()(
  Type.Object({
    id: Num,
    name: Str,
    picture: Str,
    description: Str,
    condition: Str,
    recordCount: Num,
    ranking: Num,
    awardTime: Str,
    holderCount: Num
  })
)
export const Awards = wireSchema<W.Award[]>()(Type.Array(Award))

const PersonalDonation = wireSchema<W.PersonalDonation>()(
  Type.Object({
    id: Num,
    itemsId: Num,
    itemsName: Str,
    thumbnailImg: Str,
    subItemsName: Str,
    donateMoney: Yuan,
    donateMaterialNumber: Num,
    materialUnit: Str,
    crowdType: intEnum([1, 2]),
    donateTime: Str,
    donatePlatOrder: Str,
    isAnonymous: Flag,
    refundMoney: Yuan,
    refundState: intEnum([0, 1, 2]),
    certificateVoidReason: Str
  })
)
export const PersonalDonationPage = wireSchema<W.Page<W.PersonalDonation>>()(Page(PersonalDonation))
/** certificate/stay/page and receipt/stay/page */
export const StayPage = wireSchema<W.Page<W.StayDonation>>()(Page(PersonalDonation))

export const ProjectDonateGroups = wireSchema<W.ProjectDonateGroup[]>()(
  Type.Array(
    Type.Object({
      itemsId: Num,
      itemsName: Str,
      thumbnailImg: Str,
      donateMoney: Yuan,
      donateCount: Num,
      donateTime: Str,
      donateRecordList: Type.Array(PersonalDonation)
    })
  )
)

export const TogetherStatistics = wireSchema<W.TogetherStatistics>()(Type.Object({ launchCount: Num, joinCount: Num, totalCount: Num }))
export const MyTogetherPage = wireSchema<W.Page<W.MyTogetherDonation>>()(
  Page(Type.Object({ ...TogetherDonation.properties, itemsName: Str }))
)

const NamingSeat = wireSchema<W.NamingSeat>()(
  Type.Object({
    seat: Str,
    termName: Str,
    termMoney: Yuan,
    expireDate: Str,
    namingId: Num,
    namingType: intEnum([1, 2]),
    quantity: Num,
    nameplate: NameplateText,
    nameplateStatus: intEnum([1, 2, 3]),
    reviewReason: Str
  })
)
export const PersonalNamingPage = wireSchema<W.Page<W.PersonalNamingRecord>>()(
  Page(
    Type.Object({
      id: Num,
      itemsId: Num,
      itemsName: Str,
      donateTime: Str,
      donateMoney: Yuan,
      namingType: intEnum([1, 2]),
      donateSeatList: Type.Array(NamingSeat)
    })
  )
)

export const FileUploadAnswer = wireSchema<W.FileUploadAnswer>()(Type.Object({ fileUrl: Str }))

// ---------------------------------------------------------------- certificates

const CertificateRecord = wireSchema<W.CertificateRecord>()(
  Type.Object({
    id: Num,
    isNeedPaper: Flag,
    itemsName: Str,
    itemsId: Num,
    thumbnailImg: Str,
    donateMoney: Yuan,
    donateTime: Str,
    donateId: Num,
    donorName: Str,
    certificateImg: Str,
    applyDate: Str,
    status: Num,
    certificateWay: NumOrNull,
    postalContact: Str,
    postalMobile: Str,
    postalAddress: Str,
    expressCompanyTitle: Str,
    expressOrderNo: Str
  })
)
export const CertificateDetail = CertificateRecord
export const CertificatePage = wireSchema<W.Page<W.CertificateRecord>>()(Page(CertificateRecord))
export const CertificateConfig = wireSchema<W.CertificateConfig>()(
  Type.Object({
    isOpenPaper: Flag,
    certificateWayPaperList: Type.Array(Num),
    pickUpAddress: Str,
    pickUpName: Str,
    pickUpMobile: Str
  })
)
export const ApplyAnswer = wireSchema<W.ApplyAnswer>()(Type.Object({ ids: Type.Array(Num) }))

// ---------------------------------------------------------------- receipts

export const ReceiptConfig = wireSchema<W.ReceiptConfig>()(
  Type.Object({
    isOpenReceipt: Flag,
    validType: intEnum([0, 1, 2]),
    isCreditCode: Flag,
    receiptTypeList: Type.Array(Num),
    receiptWayPaperList: Type.Array(Num),
    receiptWayElectronicList: Type.Array(Num),
    pickUpAddress: Str,
    pickUpName: Str,
    pickUpMobile: Str
  })
)
const ReceiptRecord = wireSchema<W.ReceiptRecord>()(
  Type.Object({
    id: Num,
    status: Num,
    createDate: Str,
    donateId: Num,
    itemsId: Num,
    itemsName: Str,
    thumbnailImg: Str,
    donateMoney: Yuan,
    donateTime: Str,
    receiptType: Num,
    receiptWay: Num,
    donorType: Num,
    donorName: Str,
    creditCode: Str,
    postalContact: Str,
    postalMobile: Str,
    postalAddress: Str,
    postalEmail: Str,
    postalMobileSms: Str,
    expressCompanyTitle: Str,
    expressOrderNo: Str,
    fileUrl: Str
  })
)
export const ReceiptDetail = ReceiptRecord
export const ReceiptPage = wireSchema<W.Page<W.ReceiptRecord>>()(Page(ReceiptRecord))
export const ReceiptLastUserInfo = wireSchema<W.ReceiptLastUserInfo>()(
  Nullable(
    Type.Object({
      donorType: Num,
      donorName: Str,
      creditCode: Opt(Str),
      receiptType: Num,
      receiptWay: Num,
      postalContact: Opt(Str),
      postalMobile: Opt(Str),
      postalAddress: Opt(Str),
      postalEmail: Opt(Str),
      postalMobileSms: Opt(Str)
    })
  )
)
