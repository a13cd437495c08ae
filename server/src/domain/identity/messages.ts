/**
 * Messages of sign-in hardening (guess back-off, the signed middle-school hand-off), in both languages;
 * spread into i18n.ts.
 */
import type { Lang } from '../../../../types'

export const identityMessages = {
  loginRetryLater: { zh_CN: '尝试次数过多，请{seconds}秒后再试', en: 'Too many attempts, please try again in {seconds} seconds' },
  handoffInvalid: {
    zh_CN: '登录链接无效，请从小程序重新进入',
    en: 'Invalid sign-in link, please open the page from the mini-program again'
  },
  handoffExpired: {
    zh_CN: '登录链接已过期，请从小程序重新进入',
    en: 'The sign-in link has expired, please open the page from the mini-program again'
  },
  handoffUsed: {
    zh_CN: '登录链接已使用，请从小程序重新进入',
    en: 'The sign-in link was already used, please open the page from the mini-program again'
  },
  authRedirectRefused: { zh_CN: '登录后只能返回本校的页面', en: "After sign-in you can only return to this school's own pages" }
} as const satisfies Record<string, Record<Lang, string>>
