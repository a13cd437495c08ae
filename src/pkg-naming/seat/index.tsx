import PageShell from '@/components/page-shell'
import { SeatScreen } from '@/features/naming'

export default function NamingSeatPage() {
  return (
    <PageShell route='seat'>
      <SeatScreen />
    </PageShell>
  )
}
