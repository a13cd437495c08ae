/**
 * Where the pledge pages lead. The agreement preview (tree-naming-hhu/preview) and the campaign home
 * (tree-naming-hhu-home) are other features' routes: each is followed once it is registered in ROUTES, else null.
 */
import { PayTypes, type PayTypeCode } from '@contract'
import { ROUTES, buildQuery } from '@/lib/routes'
import type { MessageKey } from '@/lib/i18n'

const route = (name: string): string | null => (ROUTES as Record<string, string>)[name] || null

/** docs/product §2: the preview generates the agreement from name, mobile and donationAmount for the project. */
export function previewUrl(q: { name: string; mobile: string; donationAmount: string; itemsId: number }): string | null {
  const path = route('tree-naming-hhu/preview')
  return path ? path + buildQuery(q) : null
}

/** docs/product §2: 'with url shows finished signed agreement'. */
export function agreementViewUrl(url: string): string | null {
  const path = route('tree-naming-hhu/preview')
  return path ? path + buildQuery({ url }) : null
}

/** The hhu tree campaign's home (sums items 10 and 8), else the project list. */
export function campaignHomeUrl(): string {
  return route('tree-naming-hhu-home') || ROUTES.subject
}

export const PAY_LABELS: Partial<Record<PayTypeCode, MessageKey>> = {
  [PayTypes.WECHAT]: 'pledge.pay.wechat',
  [PayTypes.ALIPAY]: 'pledge.pay.alipay',
  [PayTypes.THIRD_PARTY]: 'pledge.pay.third',
  [PayTypes.WECHAT_OTHER]: 'pledge.pay.wechat'
}
