/**
 * Where the naming pages lead (docs/product §2 Naming): pure URL builders over ROUTES. The jnu seat campaign (the school's
 * campaignItems.jnuSeat, item 1 in the docs/product) confirms into its own form, edit and thank-you pages; the hhu seat
 * campaign confirms into tree-naming-hhu/form once that page exists (a later issue), form-gm until then.
 */
import { CampaignKey, NamingType } from '@contract'
import { ROUTES, buildQuery, routeUrl } from '@/lib/routes'

export type NamingVariant = 'plain' | 'jnu'

/** The jnu flow when the route says so or when the project is the school's jnu seat campaign. */
export function variantOf(itemsId: number, campaignItems: Record<string, number>, routeVariant: NamingVariant): NamingVariant {
  if (routeVariant === 'jnu') return 'jnu'
  return campaignItems[CampaignKey.JNU_SEAT] === itemsId ? 'jnu' : 'plain'
}

const HHU_TREE_FORM = 'tree-naming-hhu/form'

/** Confirm on the seat map. */
export function seatConfirmUrl(itemsId: number, campaignItems: Record<string, number>, variant: NamingVariant): string {
  if (variantOf(itemsId, campaignItems, variant) === 'jnu') return routeUrl('seat-naming-jnu/form', { id: itemsId })
  const hhuTree = (ROUTES as Record<string, string>)[HHU_TREE_FORM]
  if (hhuTree && campaignItems[CampaignKey.HHU_SEAT] === itemsId) return hhuTree + buildQuery({ id: itemsId, type: 2 })
  return routeUrl('form-gm', { id: itemsId, namingType: NamingType.SEAT })
}

/** Next on the book shelf. */
export function bookConfirmUrl(itemsId: number): string {
  return routeUrl('form-gm', { id: itemsId, namingType: NamingType.BOOK })
}

/** The nameplate editor of the form's flow. */
export function editUrl(variant: NamingVariant, itemsId: number, namingType: 1 | 2, name?: string): string {
  return routeUrl(variant === 'jnu' ? 'seat-naming-jnu/edit' : 'edit', { id: itemsId, namingType, name: name || undefined })
}

export function nameplateDetailUrl(namingType: 1 | 2, namingId: number): string {
  return routeUrl('nameplate-detail', { type: namingType, id: namingId })
}
