/** Wire -> view for the home page (docs/product §2 root and home): the header's totals, project and news cards. */
import type { Article, DirectoryTotal, ProjectSummary } from '@contract'
import { formatMoney, progressPercent } from '@/lib/money'
import { cutDay } from '@/lib/dates'

export interface HomeStats {
  raised: string
  donors: number
}

/** null when the school hides statistics (docs/product §2: none anywhere). */
export function homeStats(total: DirectoryTotal | undefined, hideStatistics: boolean): HomeStats | null {
  if (hideStatistics || !total) return null
  return { raised: formatMoney(total.totalMoney), donors: Number(total.totalCount) || 0 }
}

export interface FeaturedCard {
  id: number
  name: string
  intro: string
  thumb: string
  /** 0..100 for a project with a target, else null */
  percent: number | null
  complete: boolean
}

export function featuredCard(p: ProjectSummary, assetUrl: (url: string) => string): FeaturedCard {
  const money = p.crowdType !== 2
  const limited = p.isLimit === 1 && (money ? Number(p.limitMoney) > 0 : p.limitMaterialNumber > 0)
  return {
    id: p.id,
    name: p.name,
    intro: p.intro || '',
    thumb: p.thumbnailImg ? assetUrl(p.thumbnailImg) : '',
    percent: limited
      ? money
        ? progressPercent(p.completeMoney, p.limitMoney)
        : progressPercent(p.completeMaterialNumber, p.limitMaterialNumber)
      : null,
    complete: p.isComplete === 1
  }
}

export interface NewsItem {
  id: number
  title: string
  date: string
}

export function newsItem(a: Article): NewsItem {
  return { id: a.id, title: (a.title || a.articleTitle || '').trim(), date: cutDay(a.publishDate) }
}
