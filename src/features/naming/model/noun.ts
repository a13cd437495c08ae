/**
 * What a naming campaign names, as its pages call it (docs/product §2 Naming): seats on a seat map or in a hall,
 * trees, benches, buildings, wall bricks, artworks. The campaign is the school's item id looked up in
 * settings.campaignItems; an item that is no campaign (a seat project of the school's own) names seats. Pure: no Taro.
 */
import { CampaignKey } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export type NamedNoun = 'seat' | 'tree' | 'bench' | 'building' | 'brick' | 'artwork'

const NOUN_OF: Record<string, NamedNoun> = {
  [CampaignKey.TREE_NAMING]: 'tree',
  [CampaignKey.TREE_NAMING_CPU]: 'tree',
  [CampaignKey.TREE_NAMING_XZIT]: 'tree',
  [CampaignKey.TREE_NAMING_GMU]: 'tree',
  [CampaignKey.HHU_TREE_DEFAULT]: 'tree',
  [CampaignKey.HHU_TREE_YC]: 'tree',
  [CampaignKey.HHU_TREE_JN]: 'tree',
  // seat-naming-map's own item: the garden's benches (its title is 认领座椅, Adopt a bench)
  [CampaignKey.SEAT_NAMING]: 'bench',
  [CampaignKey.BUILD_NAMING]: 'building',
  [CampaignKey.WALL_NAMING]: 'brick',
  [CampaignKey.ARTWORK_NAMING]: 'artwork',
  [CampaignKey.HALL_NAMING]: 'seat',
  [CampaignKey.HHU_SEAT]: 'seat',
  [CampaignKey.JNU_SEAT]: 'seat'
}

/** The noun of the campaign whose item is `itemsId`; 'seat' for an item that is none of the campaigns. */
export function nounOf(campaignItems: Record<string, number>, itemsId: number): NamedNoun {
  if (itemsId > 0) for (const [key, noun] of Object.entries(NOUN_OF)) if (campaignItems[key] === itemsId) return noun
  return 'seat'
}

/** The nameplate editor's note on the identity every such nameplate carries, in the campaign's noun. */
export const IDENTITY_NOTE: Record<NamedNoun, MessageKey> = {
  seat: 'naming.edit.identityNote',
  tree: 'naming.edit.identityNoteTree',
  bench: 'naming.edit.identityNoteBench',
  building: 'naming.edit.identityNoteBuilding',
  brick: 'naming.edit.identityNoteBrick',
  artwork: 'naming.edit.identityNoteArtwork'
}
