import PageShell from '@/components/page-shell'
import { EditScreen } from '@/features/naming'

export default function JnuEditPage() {
  return (
    <PageShell route='seat-naming-jnu/edit'>
      <EditScreen />
    </PageShell>
  )
}
