/** Messages of the per-user limit on leaving project messages and of the console's message editing, in both languages; spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const messageMessages = {
  messageTooFrequent: {
    zh_CN: '留言过于频繁，请{minutes}分钟后再试',
    en: 'You are leaving messages too often, please try again in {minutes} minutes'
  },
  messageDailyLimit: { zh_CN: '今日留言次数已达上限，请明天再试', en: "You have reached today's message limit, please try again tomorrow" },
  contentTextEmpty: { zh_CN: '内容不能为空', en: 'Text can not be empty' }
} as const satisfies Record<string, Record<Lang, string>>
