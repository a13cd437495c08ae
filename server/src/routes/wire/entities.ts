/** Answer schemas of types/entities.ts (projects, directory, articles, bootstrap dictionaries). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Bool, Flag, intEnum, Num, NumOrNull, Opt, Page, Str, strEnum, Yuan } from './common'

const FileRef = Type.Object({ fileUrl: Str })
const FixMoneyOption = Type.Object({ title: Str, money: Yuan })

const summaryFields = {
  id: Num,
  name: Str,
  intro: Str,
  thumbnailImg: Str,
  isComplete: Flag,
  itemsType: intEnum([1, 2]),
  crowdType: intEnum([1, 2]),
  isLimit: Flag,
  limitMoney: Yuan,
  completeMoney: Yuan,
  limitMaterialNumber: Num,
  completeMaterialNumber: Num,
  materialName: Str,
  materialUnit: Str,
  payCounts: Num,
  typeId: NumOrNull,
  labelIds: Type.Array(Num)
}
export const ProjectSummary = wireSchema<W.ProjectSummary>()(Type.Object(summaryFields))
export const ProjectPage = wireSchema<W.Page<W.ProjectSummary>>()(Page(ProjectSummary))

export const Project = wireSchema<W.Project>()(
  Type.Object({
    ...summaryFields,
    content: Str,
    coverImg: Str,
    coverList: Type.Array(FileRef),
    materialPrice: Yuan,
    namingCountAll: Num,
    namingCountDonate: Num,
    namingType: Type.Unsafe<1 | 2 | null>({ type: ['integer', 'null'], enum: [1, 2, null] }),
    isDonate: Flag,
    noReason: Str,
    isDonateTogether: Flag,
    isRecord: Flag,
    isProgress: Flag,
    isLeaveMessage: Flag,
    isInstruction: Flag,
    isAuditMessage: Flag,
    isSubRank: Flag,
    fixMoney: Type.Array(FixMoneyOption),
    isFixMoney: Flag,
    isHandMoney: Flag,
    isSub: Flag,
    subItemsList: Type.Array(Type.Object({ id: Num, name: Str })),
    formId: NumOrNull
  })
)

export const ProjectTypes = wireSchema<W.ProjectType[]>()(Type.Array(Type.Object({ id: Num, name: Str })))
export const ProjectLabels = wireSchema<W.ProjectLabel[]>()(Type.Array(Type.Object({ id: Num, labelTitle: Str })))
export const SubItemStatistics = wireSchema<W.SubItemStatistic[]>()(Type.Array(Type.Object({ id: Num, name: Str, completeMoney: Yuan })))

export const DonationRecordPage = wireSchema<W.Page<W.DonationRecord>>()(
  Page(
    Type.Object({
      id: Num,
      name: Str,
      avatar: Str,
      donateMoney: Yuan,
      donateMaterialNumber: Num,
      materialUnit: Str,
      crowdType: intEnum([1, 2]),
      donateTime: Str,
      itemsName: Str,
      subItemsName: Str,
      seats: Str,
      offline: Opt(Flag)
    })
  )
)
export const DirectoryTotal = wireSchema<W.DirectoryTotal>()(
  Type.Object({ totalCount: Num, totalMoney: Yuan, unlistedCount: Type.Optional(Num), offlineMoney: Type.Optional(Yuan) })
)

export const NamingRecordPage = wireSchema<W.Page<W.NamingRecord>>()(
  Page(
    Type.Object({
      id: Num,
      name: Str,
      seat: Str,
      donateTime: Str,
      donateMoney: Yuan
    })
  )
)

export const TogetherDonation = wireSchema<W.TogetherDonation>()(
  Type.Object({
    id: Num,
    itemsId: Num,
    avatar: Str,
    sponsor: Str,
    slogan: Str,
    participants: Num,
    targetMoney: Yuan,
    completeMoney: Yuan,
    completeMaterialNumber: Num,
    materialName: Str,
    materialUnit: Str,
    createDate: Str,
    isTarget: Flag,
    isDonate: Flag,
    noReason: Str
  })
)
export const TogetherPage = wireSchema<W.Page<W.TogetherDonation>>()(Page(TogetherDonation))

export const ProgressPage = wireSchema<W.Page<W.ProgressEntry>>()(
  Page(
    Type.Object({
      id: Num,
      progressDate: Str,
      content: Str,
      attachmentList: Type.Array(FileRef)
    })
  )
)
export const LeaveMessagePage = wireSchema<W.Page<W.LeaveMessage>>()(
  Page(
    Type.Object({
      id: Num,
      avatar: Str,
      nickname: Str,
      createDate: Str,
      content: Str,
      replyContent: Str
    })
  )
)
export const LeaveMessageResult = wireSchema<W.LeaveMessageResult>()(Type.Object({ id: Num, audited: Bool }))
export const UsePublicityPage = wireSchema<W.Page<W.UsePublicity>>()(
  Page(
    Type.Object({
      id: Num,
      useDate: Str,
      useTitle: Str,
      useMoney: Yuan
    })
  )
)

export const Article = wireSchema<W.Article>()(
  Type.Object({
    id: Num,
    title: Str,
    articleTitle: Opt(Str),
    thumbnailImage: Str,
    publishDate: Str,
    readCount: Num,
    content: Opt(Str)
  })
)
export const ArticlePage = wireSchema<W.Page<W.Article>>()(Page(Article))

const SchoolSettings = wireSchema<W.SchoolSettings>()(
  Type.Object({
    hideStatistics: Bool,
    disableOnlineDonation: Bool,
    offlineContactInfo: Str,
    maskDonorNames: Bool,
    hideDirectorySearch: Bool,
    hideProjectDirectory: Bool,
    defaultDirectoryOrder: strEnum(['', 'donate_time_asc', '1', 'donate_money_asc']),
    projectListVariant: strEnum(['tabs', 'dropdown']),
    campaignItems: Type.Record(Type.String(), Num)
  })
)
export const BaseConfig = wireSchema<W.BaseConfig>()(
  Type.Object({
    title: Str,
    isShowTechnicalSupport: Flag,
    awardExplain: Str,
    agreeTitle: Str,
    agreeContent: Str,
    shareTitle: Str,
    shareDesc: Str,
    shareImg: Str,
    loginBg: Str,
    isOpenLogin: Opt(Flag),
    settings: SchoolSettings
  })
)

export const BaseSettings = wireSchema<W.BaseSetting[]>()(Type.Array(Type.Object({ settingKey: Str, settingValue: Str })))
const AreaCode = Type.Object({ area: Str, areaCode: Str })
export const AreaCodes = wireSchema<W.AreaCode[]>()(Type.Array(AreaCode))
export const AreaGroups = wireSchema<W.AreaGroup[]>()(Type.Array(Type.Object({ group: Str, areaList: Type.Array(AreaCode) })))
export const AreaDictionary = wireSchema<W.AreaDictionaryNode[]>()(
  Type.Array(Type.Object({ id: Str, title: Str, isLeaf: Flag, parentId: Str }))
)

export const UserBaseInfo = wireSchema<W.UserBaseInfo>()(Type.Object({ name: Str, mobile: Str, idNo: Str, nickname: Str, avatar: Str }))
export const WechatShareSign = wireSchema<W.WechatShareSign>()(Type.Object({ appId: Str, timestamp: Num, nonceStr: Str, signature: Str }))
export const AuthToken = wireSchema<W.AuthToken>()(Type.Object({ token: Str, expiresAt: Str }))
