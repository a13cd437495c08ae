import PageShell from '@/components/page-shell'
import { EditScreen } from '@/features/naming'

export default function NameplateEditPage() {
  return (
    <PageShell route='edit'>
      <EditScreen />
    </PageShell>
  )
}
