/** Shared by test/unit/center-*.test.tsx: realistic personal-centre wire data (factories with overrides). */
import type { Award, PersonalDonation, ProjectDonateGroup, ReceiptConfig, UserCenter } from '@contract'

export function userCenter(over: Partial<UserCenter> = {}): UserCenter {
  return {
    userId: 41,
    nickname: '王赟喆',
    isDefaultNickname: 0,
    avatar: '/files/uploads/demo/avatar-41.jpg',
    donateMoney: '12345.6',
    donateCountItems: 3,
    launchCount: 2,
    togetherLaunchCount: 5,
    isOpenLogin: 1,
    accountType: 2,
    loginNotes: '绑定手机号后可在网页和小程序查看同一份捐赠记录',
    isAlumni: 0,
    ...over
  }
}

export function award(over: Partial<Award> = {}): Award {
  return {
    id: 1,
    name: '爱心达人',
    picture: '/files/awards/demo/loving_expert.png',
    description: '完成第一笔捐赠，爱心从这里开始。',
    condition: '捐赠 1 次',
    recordCount: 1,
    ranking: 7,
    awardTime: '2025-05-20 14:32:11',
    holderCount: 38,
    ...over
  }
}

export const AWARDS: Award[] = [
  award(),
  award({
    id: 2,
    name: '爱心天使',
    picture: '/files/awards/demo/loving_angel.png',
    recordCount: 0,
    ranking: 0,
    awardTime: '',
    condition: '捐赠 5 次'
  }),
  award({
    id: 3,
    name: '爱心大使',
    picture: '/files/awards/demo/loving_ambassador.png',
    recordCount: 1,
    ranking: 2,
    awardTime: '2025-05-28 09:01:00'
  }),
  award({ id: 4, name: '公益之星', recordCount: 0, ranking: 0, awardTime: '' }),
  award({ id: 5, name: '一呼百应', recordCount: 0, ranking: 0, awardTime: '' })
]

export function receiptConfig(over: Partial<ReceiptConfig> = {}): ReceiptConfig {
  return {
    isOpenReceipt: 1,
    validType: 1,
    isCreditCode: 0,
    receiptTypeList: [1, 2],
    receiptWayPaperList: [1, 2],
    receiptWayElectronicList: [3, 4],
    pickUpAddress: '财务处 105 室',
    pickUpName: '李老师',
    pickUpMobile: '025-83591111',
    ...over
  }
}

export function gift(over: Partial<PersonalDonation> = {}): PersonalDonation {
  return {
    id: 9001,
    itemsId: 3,
    itemsName: '励志奖学金',
    thumbnailImg: '/files/projects/scholarship.jpg',
    subItemsName: '',
    donateMoney: '200.00',
    donateMaterialNumber: 0,
    materialUnit: '',
    crowdType: 1,
    donateTime: '2025-05-28 09:00:41',
    donatePlatOrder: 'D202505280001',
    isAnonymous: 0,
    refundMoney: '0.00',
    refundState: 0,
    certificateVoidReason: '',
    ...over
  }
}

export function group(gifts: PersonalDonation[], over: Partial<ProjectDonateGroup> = {}): ProjectDonateGroup {
  return {
    itemsId: gifts[0].itemsId,
    itemsName: gifts[0].itemsName,
    thumbnailImg: gifts[0].thumbnailImg,
    donateMoney: '0.00',
    donateCount: gifts.length,
    donateTime: gifts[0].donateTime,
    donateRecordList: gifts,
    ...over
  }
}
