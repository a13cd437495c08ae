/** Shared by test/unit/together-*.test.tsx: joint-donation wire data as the server answers it (factories with overrides). */
import type { DonationRecord, TogetherDetail, TogetherLaunchDetail } from '@contract'

export function launchInfo(over: Partial<TogetherLaunchDetail> = {}): TogetherLaunchDetail {
  return {
    itemsId: 5,
    itemsName: '校园林荫大道改造',
    intro: '改造主干道两侧绿化与照明',
    thumbnailImg: '/files/seed/project-5.png',
    canLaunch: 1,
    noReason: '',
    sponsor: '王赟喆',
    avatar: '',
    sloganList: ['心怀感恩，回馈母校，一起捐！', '同窗情深，聚沙成塔，为母校加油！', '一份心意，一份力量，邀你一起来！'],
    moneyList: ['1000.00', '5000.00', '10000.00', '50000.00'],
    ...over
  }
}

export function detail(over: Partial<TogetherDetail> = {}): TogetherDetail {
  return {
    id: 31,
    itemsId: 5,
    avatar: '',
    sponsor: '王赟喆',
    slogan: '同窗情深，一起捐！',
    participants: 3,
    targetMoney: '5000000.00',
    completeMoney: '1234567.50',
    completeMaterialNumber: 0,
    materialName: '',
    materialUnit: '',
    createDate: '2026-11-20 10:00:00',
    isTarget: 1,
    isDonate: 1,
    noReason: '',
    itemsName: '校园林荫大道改造',
    thumbnailImg: '',
    intro: '改造主干道两侧绿化与照明',
    progress: 24.69,
    isSponsor: 0,
    canCancel: 0,
    contentHeld: 0,
    ...over
  }
}

export function donor(over: Partial<DonationRecord> = {}): DonationRecord {
  return {
    id: 1,
    name: '李同学',
    avatar: '',
    donateMoney: '100.00',
    donateMaterialNumber: 0,
    materialUnit: '',
    crowdType: 1,
    donateTime: '2026-11-21 09:30:00',
    itemsName: '校园林荫大道改造',
    subItemsName: '',
    seats: '',
    ...over
  }
}
