/**
 * The joint donation's invite poster (docs/decisions/084-joint-invite-poster-and-link.md): the school's colour band
 * with the sponsor and the slogan, the project and the progress, and a QR code of the invite page's address, drawn by
 * the share posters' layout (share-poster.ts).
 */
import { renderSharePoster } from './share-poster'

export interface PosterData {
  lang: 'zh' | 'en'
  schoolName: string
  /** #rrggbb; anything else falls back to the platform red */
  themeColor: string
  sponsor: string
  slogan: string
  projectName: string
  /** what has been raised as shown: '¥1,234.00', or a count of goods with its unit */
  raised: string
  /** the target as shown, or '' without a target */
  target: string
  /** 0-100, or null without a target */
  percent: number | null
  people: number
  /** the invite page's address the QR code carries */
  url: string
}

const TEXT = {
  zh: {
    started: (name: string) => `${name} 发起了一起捐`,
    raised: '已筹',
    target: '目标',
    noTarget: '不设目标',
    people: (n: number) => `${n} 人参与`,
    scan: '扫码或长按识别二维码，一起捐赠'
  },
  en: {
    started: (name: string) => `${name} started a joint donation`,
    raised: 'Raised',
    target: 'Target',
    noTarget: 'No target',
    people: (n: number) => (n === 1 ? '1 person joined' : `${n} people joined`),
    scan: 'Scan the code to give together'
  }
} as const

export function renderTogetherPoster(d: PosterData): Promise<Buffer> {
  const tx = TEXT[d.lang]
  const goal = d.target ? `${tx.target} ${d.target}` : tx.noTarget
  return renderSharePoster({
    schoolName: d.schoolName,
    themeColor: d.themeColor,
    heading: tx.started(d.sponsor),
    line: `“${d.slogan}”`,
    cardTitle: d.projectName,
    raisedLabel: tx.raised,
    raised: d.raised,
    percent: d.percent,
    footer: `${goal} · ${tx.people(d.people)}`,
    url: d.url,
    scan: tx.scan
  })
}
