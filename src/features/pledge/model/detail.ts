/**
 * tree-naming-hhu/detail as pure functions (docs/product §2): the three intro lines, which form the pledge button opens
 * (item 7 by default, 8 from the yc map, 10 from the jn map), whether the notice shows, and the pledge block.
 */
import { CampaignKey, type MapSeat } from '@contract'
import { cutDay } from '@/lib/dates'

/**
 * docs/product §9 campaign ids: 7 the default tree project, 8 and 10 the two hhu campus maps. A school's real item ids
 * come from its settings (campaignItems); the product's ids are the fallback.
 */
export const TREE_ITEMS = { DEFAULT: 7, MAP: 8, MAP_JN: 10 } as const
type CampaignItems = Record<string, number | undefined>

export type DetailFrom = 'map' | 'mapJn' | ''

export function fromOf(v: string | undefined): DetailFrom {
  return v === 'map' || v === 'mapJn' ? v : ''
}

export function formItemOf(from: DetailFrom, items: CampaignItems = {}): number {
  if (from === 'map') return items[CampaignKey.HHU_TREE_YC] || TREE_ITEMS.MAP
  if (from === 'mapJn') return items[CampaignKey.HHU_TREE_JN] || TREE_ITEMS.MAP_JN
  return noticeItemOf(items)
}

/** The project whose rich text is the notice (docs/product §2: 'notice dialog with rich text of item 7'). */
export function noticeItemOf(items: CampaignItems = {}): number {
  return items[CampaignKey.HHU_TREE_DEFAULT] || TREE_ITEMS.DEFAULT
}

/** The notice is read before pledging, except when the donor came from a map (they saw the campaign's note there). */
export function noticeShown(from: DetailFrom, status: MapSeat['status']): boolean {
  return from === '' && status === 1
}

/** seatIntro's three lines: family and genus, growth habit, location ('' where the server sent fewer). */
export function introLines(intro: string): { family: string; habit: string; location: string } {
  const [family = '', habit = '', location = ''] = (intro || '').split(/\r?\n/).map((l) => l.trim())
  return { family, habit, location }
}

/** The pledge block of a named tree: donor, date (first 10 characters, docs/product §2), message. */
export function pledgeOf(seat: MapSeat): { donor: string; date: string; message: string } | null {
  if (seat.status !== 2) return null
  return { donor: seat.donorName, date: cutDay(seat.donateTime), message: seat.donationMessage }
}
