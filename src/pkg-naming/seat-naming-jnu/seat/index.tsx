import PageShell from '@/components/page-shell'
import { SeatScreen } from '@/features/naming'

export default function JnuSeatPage() {
  return (
    <PageShell route='seat-naming-jnu/seat'>
      <SeatScreen variant='jnu' />
    </PageShell>
  )
}
