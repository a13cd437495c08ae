import PageShell from '@/components/page-shell'
import { ArtworkMineScreen } from '@/features/artwork'

export default function ArtworkMinePage() {
  return (
    <PageShell route='naming-xbmu/mine'>
      <ArtworkMineScreen />
    </PageShell>
  )
}
