/**
 * Messages of giving days (docs/decisions/070-giving-days.md), merged into src/i18n.ts: each refusal names the field
 * and what it must be, in the request's language.
 */
import type { Lang } from '../../../../types'

export const givingDayMessages = {
  givingDayNotFound: { zh_CN: '捐赠日不存在', en: 'The giving day does not exist' },
  givingDayMatchNotFound: { zh_CN: '配捐不存在', en: 'The match does not exist' },
  givingDayChallengeNotFound: { zh_CN: '挑战不存在', en: 'The challenge does not exist' },
  givingDayTitleEmpty: { zh_CN: '请填写捐赠日名称', en: 'Please enter the giving day’s title' },
  givingDayTextTooLong: { zh_CN: '{field}不能超过{max}个字', en: '{field} can not exceed {max} characters' },
  givingDayTimeInvalid: {
    zh_CN: '{field}格式应为 YYYY-MM-DD HH:mm（北京时间）',
    en: '{field} must be YYYY-MM-DD HH:mm (Beijing time)'
  },
  givingDayWindowInvalid: { zh_CN: '结束时间必须晚于开始时间', en: 'The end must be later than the start' },
  givingDayWindowOutside: {
    zh_CN: '配捐和挑战的时间必须在捐赠日之内',
    en: 'A match’s or challenge’s window must lie within the giving day'
  },
  givingDayAmountInvalid: {
    zh_CN: '{field}请输入合法金额（最多两位小数，不超过{max}元）',
    en: '{field}: please enter a valid amount (at most two decimals, at most ¥{max})'
  },
  givingDayCountInvalid: {
    zh_CN: '{field}请输入0到{max}之间的整数',
    en: '{field}: please enter a whole number from 0 to {max}'
  },
  givingDayProjectUnknown: { zh_CN: '项目 {id} 不存在', en: 'Project {id} does not exist' },
  givingDayClassYearInvalid: { zh_CN: '入学年份应为四位数字：{value}', en: 'A class year must be four digits: {value}' },
  givingDayTooMany: { zh_CN: '{field}最多{max}项', en: '{field} can list at most {max} entries' },
  givingDaySponsorEmpty: { zh_CN: '请填写出资方', en: 'Please enter the sponsor' },
  givingDayKindInvalid: { zh_CN: '类型不正确', en: 'Unknown kind' },
  givingDayCapBelowUsed: {
    zh_CN: '配捐上限不能低于已配捐金额（{used}元）',
    en: 'The cap can not be below what is already matched (¥{used})'
  },
  givingDayChallengeLocked: {
    zh_CN: '挑战已解锁，不能再修改目标',
    en: 'The challenge is unlocked; its target can no longer change'
  },
  givingDayFieldTitle: { zh_CN: '名称', en: 'Title' },
  givingDayFieldTitleEn: { zh_CN: '英文名称', en: 'English title' },
  givingDayFieldSponsor: { zh_CN: '出资方', en: 'Sponsor' },
  givingDayFieldSponsorEn: { zh_CN: '出资方英文名', en: 'Sponsor in English' },
  givingDayFieldStart: { zh_CN: '开始时间', en: 'Start' },
  givingDayFieldEnd: { zh_CN: '结束时间', en: 'End' },
  givingDayFieldGoal: { zh_CN: '筹款目标', en: 'Money goal' },
  givingDayFieldParticipation: { zh_CN: '参与人数目标', en: 'Participation goal' },
  givingDayFieldRate: { zh_CN: '配捐比例', en: 'Match rate' },
  givingDayFieldCap: { zh_CN: '配捐上限', en: 'Match cap' },
  givingDayFieldTarget: { zh_CN: '挑战目标', en: 'Challenge target' },
  givingDayFieldReward: { zh_CN: '解锁金额', en: 'Unlocked amount' },
  givingDayFieldProjects: { zh_CN: '项目', en: 'Projects' },
  givingDayFieldClassYears: { zh_CN: '入学年份', en: 'Class years' },
  givingDayFieldColleges: { zh_CN: '学院', en: 'Colleges' },
  // ambassadors (docs/decisions/075-giving-day-ambassadors-boards.md)
  givingDayAmbassadorUnknown: {
    zh_CN: '捐赠大使链接无效，请向分享者确认或直接捐赠',
    en: 'This ambassador link is not valid: ask the person who shared it, or give without it'
  },
  givingDayAmbassadorSelf: {
    zh_CN: '不能通过自己的捐赠大使链接捐赠，请直接捐赠',
    en: 'You can not give through your own ambassador link: please give directly'
  },
  givingDayEnded: { zh_CN: '捐赠日已结束', en: 'The giving day has ended' }
} as const satisfies Record<string, Record<Lang, string>>
