/** award?id (docs/product §2 Other): ranking, image, name, description, obtain time, or not-yet-obtained when recordCount is 0. */
import type { Award } from '@contract'
import { cutMinute } from '@/lib/dates'

export interface AwardView {
  id: number
  name: string
  picture: string
  description: string
  condition: string
  earned: boolean
  /** the caller's place among the school's holders; 0 when not held */
  ranking: number
  /** minute precision (docs/product §9); '' when not held */
  awardTime: string
  holderCount: number
}

export function awardView(a: Award, resolveUrl: (url: string) => string = (x) => x): AwardView {
  const earned = a.recordCount > 0
  return {
    id: a.id,
    name: a.name,
    picture: a.picture ? resolveUrl(a.picture) : '',
    description: a.description || '',
    condition: a.condition || '',
    earned,
    ranking: earned ? a.ranking || 0 : 0,
    awardTime: earned ? cutMinute(a.awardTime) : '',
    holderCount: a.holderCount || 0
  }
}
