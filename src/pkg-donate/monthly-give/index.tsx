import PageShell from '@/components/page-shell'
import { GiveMonthlyScreen } from '@/features/monthly/subpackage'
import './index.scss'

export default function MonthlyGivePage() {
  return (
    <PageShell route='monthly-give'>
      <GiveMonthlyScreen />
    </PageShell>
  )
}
