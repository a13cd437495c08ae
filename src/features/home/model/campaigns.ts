/**
 * Naming campaigns the home page offers: what the server says the school has (baseConfig settings.campaignItems,
 * docs/product §2 Naming, §9 campaign item ids), each leading to its campaign home by route name. A campaign whose
 * route is not part of the app yet still shows and says "coming soon" when tapped (navigation.ts).
 */
import { CampaignKey } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export interface CampaignLink {
  /** the campaign key of settings.campaignItems (the hhu tree keys share one home) */
  key: string
  /** docs/product §2 route name of the campaign home */
  route: string
  titleKey: MessageKey
  /** the campaign's project, for its share card and tests */
  itemsId: number
  /** query of the route (the hall opens the seat map's hall area) */
  query?: Record<string, string>
}

/** In the order the home page lists them. The three hhu tree items open one home (tree-naming-hhu-home). */
const CAMPAIGNS: { keys: string[]; route: string; titleKey: MessageKey; query?: Record<string, string> }[] = [
  { keys: [CampaignKey.JNU_SEAT], route: 'seat-naming-jnu', titleKey: 'home.campaign.jnuSeat' },
  { keys: [CampaignKey.HHU_SEAT], route: 'seat-naming-hhu', titleKey: 'home.campaign.hhuSeat' },
  { keys: [CampaignKey.TREE_NAMING], route: 'tree-naming', titleKey: 'home.campaign.treeNaming' },
  { keys: [CampaignKey.TREE_NAMING_CPU], route: 'tree-naming-cpu', titleKey: 'home.campaign.treeNamingCpu' },
  { keys: [CampaignKey.TREE_NAMING_XZIT], route: 'tree-naming-xzit', titleKey: 'home.campaign.treeNamingXzit' },
  {
    keys: [CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN, CampaignKey.HHU_TREE_DEFAULT],
    route: 'tree-naming-hhu-home',
    titleKey: 'home.campaign.hhuTree'
  },
  { keys: [CampaignKey.TREE_NAMING_GMU], route: 'tree-naming-map-gmu', titleKey: 'home.campaign.treeNamingGmu' },
  { keys: [CampaignKey.SEAT_NAMING], route: 'seat-naming-map', titleKey: 'home.campaign.seatNaming' },
  { keys: [CampaignKey.HALL_NAMING], route: 'seat-naming-map', titleKey: 'home.campaign.hallNaming', query: { area: 'hall' } },
  { keys: [CampaignKey.BUILD_NAMING], route: 'build-naming-map', titleKey: 'home.campaign.buildNaming' },
  { keys: [CampaignKey.WALL_NAMING], route: 'wall-naming-map', titleKey: 'home.campaign.wallNaming' },
  { keys: [CampaignKey.ARTWORK_NAMING], route: 'naming-xbmu', titleKey: 'home.campaign.artworkNaming' }
]

export function campaignLinks(items: Record<string, number> | null | undefined): CampaignLink[] {
  const out: CampaignLink[] = []
  for (const c of CAMPAIGNS) {
    const key = c.keys.find((k) => Number.isInteger(items?.[k]) && (items?.[k] as number) > 0)
    if (key) out.push({ key, route: c.route, titleKey: c.titleKey, itemsId: items![key], ...(c.query ? { query: c.query } : {}) })
  }
  return out
}
