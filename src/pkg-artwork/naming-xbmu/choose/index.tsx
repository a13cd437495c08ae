import PageShell from '@/components/page-shell'
import { ArtworkChooseScreen } from '@/features/artwork'

export default function ArtworkChoosePage() {
  return (
    <PageShell route='naming-xbmu/choose'>
      <ArtworkChooseScreen />
    </PageShell>
  )
}
