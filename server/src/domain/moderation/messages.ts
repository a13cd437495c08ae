/** Messages of content security (docs/decisions/042-content-security.md), in both languages; spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const moderationMessages = {
  contentRiskyMessage: {
    zh_CN: '留言含有不符合平台规范的内容，请修改后再提交',
    en: "The message contains content the platform's rules do not allow; please change it and try again"
  },
  contentRiskyNickname: {
    zh_CN: '昵称含有不符合平台规范的内容，请修改后再提交',
    en: "The nickname contains content the platform's rules do not allow; please change it and try again"
  },
  contentRiskyTogether: {
    zh_CN: '发起人或宣传语含有不符合平台规范的内容，请修改后再提交',
    en: "The sponsor name or slogan contains content the platform's rules do not allow; please change it and try again"
  },
  contentRiskyNameplate: {
    zh_CN: '铭牌内容含有不符合平台规范的内容，请修改后再提交',
    en: "The nameplate text contains content the platform's rules do not allow; please change it and try again"
  },
  contentHeldNickname: {
    zh_CN: '昵称已提交审核，审核通过后他人可见',
    en: 'Your nickname was sent for review; others will see it once approved'
  },
  contentHeldAvatar: {
    zh_CN: '头像已提交审核，审核通过后他人可见',
    en: 'Your avatar was sent for review; others will see it once approved'
  },
  contentHeldTogether: {
    zh_CN: '一起捐已提交审核，审核通过后即可分享',
    en: 'Your joint donation was sent for review; you can share it once approved'
  },
  moderationNotFound: { zh_CN: '待审内容不存在或已处理', en: 'This item is not waiting for review (already decided or not found)' }
} as const satisfies Record<string, Record<Lang, string>>
