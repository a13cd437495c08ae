import PageShell from '@/components/page-shell'
import { ArtworkListScreen } from '@/features/artwork'

export default function ArtworkListPage() {
  return (
    <PageShell route='naming-xbmu/list'>
      <ArtworkListScreen />
    </PageShell>
  )
}
