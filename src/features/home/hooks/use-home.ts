/** The home page's three loads, each on its own so one failing section does not hide the others. */
import { useMemo } from 'react'
import { useData } from '@/lib/hooks/use-data'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { fetchFeatured, fetchNews, fetchTotal } from '../api/home'
import { campaignLinks } from '../model/campaigns'
import { featuredCard, homeStats, newsItem } from '../model/home'

export function useHome() {
  const settings = useSession((s) => s.settings)
  const total = useData(() => fetchTotal(), [], { enabled: !settings.hideStatistics })
  const featured = useData(() => fetchFeatured(), [])
  const news = useData(() => fetchNews(), [])
  const stats = homeStats(total.data, settings.hideStatistics)
  const projects = useMemo(() => (featured.data?.rows || []).map((p) => featuredCard(p, platform.assetUrl)), [featured.data])
  const articles = useMemo(() => (news.data?.rows || []).map(newsItem), [news.data])
  const campaigns = useMemo(() => campaignLinks(settings.campaignItems), [settings.campaignItems])
  return { stats, total, featured, projects, news, articles, campaigns }
}
