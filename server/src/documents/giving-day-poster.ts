/**
 * A giving-day ambassador's poster (docs/product §2 Giving days; docs/decisions/084-joint-invite-poster-and-link.md,
 * addendum): the school's colour band with "<ambassador> invites you" and the day's title, the day's dates with what
 * is raised against the money goal and the donors, and a QR code of the ambassador's landing link, drawn by the share
 * posters' layout (share-poster.ts).
 */
import { BEIJING_OFFSET_MS } from '../lib/dates'
import { renderSharePoster } from './share-poster'

export interface GivingDayPosterData {
  lang: 'zh' | 'en'
  schoolName: string
  /** #rrggbb; anything else falls back to the platform red */
  themeColor: string
  /** the ambassador as the landing page's board names them (the school's masking rules) */
  inviter: string
  title: string
  /** ISO instants */
  startsAt: string
  endsAt: string
  /** as shown: '¥1,234.00' */
  raised: string
  /** the money goal as shown, or '' without one */
  goal: string
  /** 0-100, or null without a money goal */
  percent: number | null
  donors: number
  /** the ambassador's landing link the QR code carries */
  url: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** an instant in Beijing time: month, day, hours and minutes */
function beijing(iso: string) {
  const d = new Date(Date.parse(iso) + BEIJING_OFFSET_MS)
  const hm = d.toISOString().slice(11, 16)
  return { month: d.getUTCMonth(), day: d.getUTCDate(), hm }
}

const TEXT = {
  zh: {
    invites: (name: string) => `${name} 邀请你参与`,
    when: (a: ReturnType<typeof beijing>, b: ReturnType<typeof beijing>) =>
      `${a.month + 1}月${a.day}日 ${a.hm} 至 ${b.month + 1}月${b.day}日 ${b.hm}`,
    raised: '已筹',
    goal: '目标',
    noGoal: '不设金额目标',
    donors: (n: number) => `${n} 人参与`,
    scan: '扫码或长按识别二维码，参与捐赠日'
  },
  en: {
    invites: (name: string) => `${name} invites you`,
    when: (a: ReturnType<typeof beijing>, b: ReturnType<typeof beijing>) =>
      `${MONTHS[a.month]} ${a.day}, ${a.hm} – ${MONTHS[b.month]} ${b.day}, ${b.hm} (Beijing)`,
    raised: 'Raised',
    goal: 'Goal',
    noGoal: 'No money goal',
    donors: (n: number) => (n === 1 ? '1 donor' : `${n} donors`),
    scan: 'Scan the code to join the giving day'
  }
} as const

export function renderGivingDayPoster(d: GivingDayPosterData): Promise<Buffer> {
  const tx = TEXT[d.lang]
  const goal = d.goal ? `${tx.goal} ${d.goal}` : tx.noGoal
  return renderSharePoster({
    schoolName: d.schoolName,
    themeColor: d.themeColor,
    heading: tx.invites(d.inviter),
    line: d.title,
    cardTitle: tx.when(beijing(d.startsAt), beijing(d.endsAt)),
    raisedLabel: tx.raised,
    raised: d.raised,
    percent: d.percent,
    footer: `${goal} · ${tx.donors(d.donors)}`,
    url: d.url,
    scan: tx.scan
  })
}
