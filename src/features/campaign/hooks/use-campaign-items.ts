/**
 * The school's side of a campaign: its real item ids (settings.campaignItems by CampaignKey), their projects, and the
 * share card of the page (docs/product §2: share-card setup with the campaign's title, path and image).
 */
import { useMemo } from 'react'
import type { Project } from '@contract'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { useShareCard } from '@/features/share'
import { buildQuery, ROUTES, type RouteName } from '@/lib/routes'
import { useSession, useT } from '@/store/session'
import { fetchProject } from '../api/campaign'
import { itemIdsOf } from '../model/campaigns'
import { donorCount } from '../model/views'

export function useItemIds(keys: string[]): number[] {
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const joined = keys.join(',')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys are compared by value (a new array each render)
  return useMemo(() => itemIdsOf(campaignItems, joined.split(',')), [campaignItems, joined])
}

export interface CampaignProjects {
  status: 'loading' | 'ready' | 'error'
  /** the first item's project (its text, cover, music); null when it failed */
  main: Project | null
  count: number
  reload(): void
}

/** Each item's itemsDetail; one failing counts 0 (docs/product §8), all failing is an error. */
export function useCampaignProjects(itemIds: number[]): CampaignProjects {
  const key = itemIds.join(',')
  const data = useData(
    async () => {
      const ids = key ? key.split(',').map(Number) : []
      const settled = await Promise.all(ids.map((id) => fetchProject(id).catch(() => null)))
      if (ids.length && settled.every((p) => p === null)) throw new Error('no campaign project')
      return settled
    },
    [key],
    { enabled: itemIds.length > 0 }
  )
  const projects = data.data || []
  return { status: data.status, main: projects[0] || null, count: donorCount(projects), reload: data.reload }
}

/**
 * The page's share card: the campaign's title and cover, and this page's own path (not the last page's), with the
 * school (src/features/share) for the friend's chat and, on WeChat, for Moments.
 */
export function useCampaignShare(route: RouteName, title: string, image: string, query?: Record<string, string>) {
  const t = useT()
  const qs = buildQuery(query)
  const card = useMemo(
    () => ({ title, desc: t('campaign.share.desc'), path: ROUTES[route] + qs, imageUrl: image ? platform.assetUrl(image) : undefined }),
    [route, title, image, qs, t]
  )
  useShareCard(card, card)
}
