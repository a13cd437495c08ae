/**
 * The five default awards of docs/product §9 (loving expert, loving angel, loving ambassador, charity star, one call a
 * hundred answers), created for a school the first time its awards are needed. The thresholds are the
 * foundation's to change (table `award`); these are starting values.
 */
import { mkdirSync, existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { hex, renderPng } from '../../lib/png'

export interface AwardDefault {
  code: string
  name: string
  nameEn: string
  description: string
  descriptionEn: string
  color: string
  minGiftCount: number
  minTotalFen: number
  minTogetherLaunched: number
  minFriendsJoined: number
}

export const DEFAULT_AWARDS: readonly AwardDefault[] = [
  {
    code: 'loving_expert',
    name: '爱心达人',
    nameEn: 'Loving expert',
    color: '#e8590c',
    description: '完成第一笔捐赠，爱心从这里开始。',
    descriptionEn: 'Your first gift: where giving begins.',
    minGiftCount: 1,
    minTotalFen: 0,
    minTogetherLaunched: 0,
    minFriendsJoined: 0
  },
  {
    code: 'loving_angel',
    name: '爱心天使',
    nameEn: 'Loving angel',
    color: '#d6336c',
    description: '累计捐赠五次，持续的善意最动人。',
    descriptionEn: 'Five gifts: kindness that keeps going.',
    minGiftCount: 5,
    minTotalFen: 0,
    minTogetherLaunched: 0,
    minFriendsJoined: 0
  },
  {
    code: 'loving_ambassador',
    name: '爱心大使',
    nameEn: 'Loving ambassador',
    color: '#1c7ed6',
    description: '累计捐赠满一千元。',
    descriptionEn: 'One thousand yuan given in total.',
    minGiftCount: 0,
    minTotalFen: 100_000,
    minTogetherLaunched: 0,
    minFriendsJoined: 0
  },
  {
    code: 'charity_star',
    name: '公益之星',
    nameEn: 'Charity star',
    color: '#f59f00',
    description: '累计捐赠满一万元，公益路上的明星。',
    descriptionEn: 'Ten thousand yuan given in total.',
    minGiftCount: 0,
    minTotalFen: 1_000_000,
    minTogetherLaunched: 0,
    minFriendsJoined: 0
  },
  {
    code: 'one_call',
    name: '一呼百应',
    nameEn: 'One call a hundred answers',
    color: '#2f9e44',
    description: '发起一起捐，并有十位好友响应。',
    descriptionEn: 'Launch a joint donation that ten friends join.',
    minGiftCount: 0,
    minTotalFen: 0,
    minTogetherLaunched: 1,
    minFriendsJoined: 10
  }
]

export const awardPicture = (code: string) => `/files/awards/${code}.png`

/** Badge images under ${DATA_DIR}/files/awards/, generated locally once (never fetched). */
export function writeAwardImages(dataDir: string): void {
  const dir = path.join(dataDir, 'files', 'awards')
  mkdirSync(dir, { recursive: true })
  for (const a of DEFAULT_AWARDS) {
    const file = path.join(dir, `${a.code}.png`)
    if (existsSync(file)) continue
    const c = hex(a.color)
    const light: [number, number, number] = [Math.min(255, c[0] + 90), Math.min(255, c[1] + 90), Math.min(255, c[2] + 90)]
    writeFileSync(
      file,
      renderPng({
        width: 160,
        height: 160,
        from: [255, 255, 255],
        to: [250, 246, 240],
        circles: [
          { x: 80, y: 80, r: 70, color: c },
          { x: 80, y: 80, r: 50, color: light },
          { x: 80, y: 80, r: 22, color: c }
        ]
      })
    )
  }
}
