import PageShell from '@/components/page-shell'
import { HhuPreviewScreen } from '@/features/agreement'

export default function TreeAgreementPreviewPage() {
  return (
    <PageShell route='tree-naming-hhu/preview'>
      <HhuPreviewScreen />
    </PageShell>
  )
}
