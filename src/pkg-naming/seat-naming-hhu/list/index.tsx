import PageShell from '@/components/page-shell'
import { HhuListScreen } from '@/features/naming'

export default function HhuListPage() {
  return (
    <PageShell route='seat-naming-hhu/list'>
      <HhuListScreen />
    </PageShell>
  )
}
