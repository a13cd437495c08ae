import PageShell from '@/components/page-shell'
import { ArtworkHomeScreen } from '@/features/artwork'

export default function ArtworkHomePage() {
  return (
    <PageShell route='naming-xbmu'>
      <ArtworkHomeScreen />
    </PageShell>
  )
}
