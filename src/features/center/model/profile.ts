/**
 * The personal centre as view data (docs/product §2 mine; §3 User center; §5 default nickname; §6 bind mobile).
 * Pure functions: the page never reads the wire object directly.
 */
import { AccountType, NICKNAME_MAX, type Award, type ReceiptConfig, type UserCenter } from '@contract'
import { formatMoney } from '@/lib/money'
import type { MessageKey } from '@/lib/i18n'

export type GreetingKey =
  'center.greet.night' | 'center.greet.morning' | 'center.greet.noon' | 'center.greet.afternoon' | 'center.greet.evening'

/** Greeting by the hour of the day (0-23): night before 5, morning to 11, noon to 13, afternoon to 18, evening. */
export function greetingKey(hour: number): GreetingKey {
  if (hour < 5) return 'center.greet.night'
  if (hour < 11) return 'center.greet.morning'
  if (hour < 13) return 'center.greet.noon'
  if (hour < 18) return 'center.greet.afternoon'
  return 'center.greet.evening'
}

export interface ProfileView {
  /** '' when the default nickname applies: the page shows 爱心校友 / 'A caring alumnus', the server's words for it */
  nickname: string
  isDefaultNickname: boolean
  avatar: string
  donateMoney: string
  donateCountItems: number
  launchCount: number
  togetherLaunchCount: number
  /** docs/product §6: account type 1 with open login shows the 'bind mobile' prompt and the login note */
  showBind: boolean
  loginNotes: string
}

export function profileView(u: UserCenter, resolveUrl: (url: string) => string = (x) => x): ProfileView {
  const isDefault = u.isDefaultNickname === 1 || !String(u.nickname || '').trim()
  return {
    nickname: isDefault ? '' : u.nickname,
    isDefaultNickname: isDefault,
    avatar: u.avatar ? resolveUrl(u.avatar) : '',
    donateMoney: formatMoney(u.donateMoney),
    donateCountItems: u.donateCountItems || 0,
    launchCount: u.launchCount || 0,
    togetherLaunchCount: u.togetherLaunchCount || 0,
    showBind: u.accountType === AccountType.UNBOUND && u.isOpenLogin === 1,
    loginNotes: u.loginNotes || ''
  }
}

/** The receipts link shows only when the school has receipts on (docs/product §2). */
export const receiptsEnabled = (c: ReceiptConfig | null | undefined): boolean => !!c && c.isOpenReceipt === 1

/** Code points, so 赟喆䶮 and emoji count as one character each (as the server counts). */
export const charCount = (s: string): number => Array.from(s).length

/** Nickname rule of updateUser: 1 to 20 characters after trimming, no control characters. Returns an i18n key. */
export function nicknameProblem(input: string): MessageKey | null {
  const v = input.trim()
  if (!v) return 'center.nickname.required'
  if (charCount(v) > NICKNAME_MAX) return 'center.nickname.tooLong'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v)) return 'center.nickname.invalid'
  return null
}

export interface AwardCell {
  id: number
  name: string
  picture: string
  earned: boolean
}

export interface AwardsView {
  earned: number
  total: number
  cells: AwardCell[]
}

export function awardsView(list: Award[] | null | undefined, resolveUrl: (url: string) => string = (x) => x): AwardsView {
  const rows = list || []
  const cells = rows.map((a) => ({ id: a.id, name: a.name, picture: a.picture ? resolveUrl(a.picture) : '', earned: a.recordCount > 0 }))
  return { earned: cells.filter((c) => c.earned).length, total: cells.length, cells }
}
