/**
 * Messages of joint donations, merged into src/i18n.ts. docs/product §5 gives 'slogan cannot be empty' and
 * '请输入合法金额'; the others name what was refused and why, in the request's language.
 */
import type { Lang } from '../../../../types'

export const togetherMessages = {
  togetherSponsorEmpty: { zh_CN: '发起人不能为空', en: 'sponsor cannot be empty' },
  togetherSponsorTooLong: { zh_CN: '发起人不能超过{max}个字', en: 'The sponsor can not exceed {max} characters' },
  togetherSloganEmpty: { zh_CN: '口号不能为空', en: 'slogan cannot be empty' },
  togetherSloganTooLong: { zh_CN: '口号不能超过{max}个字', en: 'The slogan can not exceed {max} characters' },
  togetherMoneyInvalid: { zh_CN: '请输入合法金额', en: 'Please enter a valid amount' },
  togetherUnavailable: { zh_CN: '该项目暂不支持一起捐', en: 'This project does not take joint donations now' },
  togetherNotFound: { zh_CN: '一起捐不存在或已取消', en: 'The joint donation does not exist or was cancelled' },
  togetherNotSponsor: { zh_CN: '只能取消自己发起的一起捐', en: 'Only its sponsor can cancel a joint donation' },
  togetherHasGifts: {
    zh_CN: '该一起捐已有捐赠，不能取消',
    en: 'This joint donation has received gifts and can no longer be cancelled'
  },
  togetherTooManyOpen: {
    zh_CN: '您已有{max}个尚未收到捐赠的一起捐，请先分享或取消后再发起',
    en: 'You already have {max} joint donations without a gift yet; share or cancel one before launching another'
  },
  togetherDailyLimit: {
    zh_CN: '今日发起一起捐次数已达上限（{max}次），请明天再试',
    en: 'You have launched {max} joint donations today, please try again tomorrow'
  },
  togetherCancelled: { zh_CN: '取消成功', en: 'Cancelled' },
  togetherSlogan1: { zh_CN: '心怀感恩，回馈母校，一起捐！', en: 'Grateful to our school: let us give together!' },
  togetherSlogan2: { zh_CN: '同窗情深，聚沙成塔，为母校加油！', en: 'Classmates together: every gift adds up for our school!' },
  togetherSlogan3: { zh_CN: '一份心意，一份力量，邀你一起来！', en: 'One gift, one push forward: join me!' }
} as const satisfies Record<string, Record<Lang, string>>
