import PageShell from '@/components/page-shell'
import { JnuSuccessScreen } from '@/features/naming'

export default function JnuSuccessPage() {
  return (
    <PageShell route='seat-naming-jnu/success'>
      <JnuSuccessScreen />
    </PageShell>
  )
}
