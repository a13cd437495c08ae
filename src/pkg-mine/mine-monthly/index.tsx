import PageShell from '@/components/page-shell'
import { MineMonthlyScreen } from '@/features/monthly/subpackage'
import './index.scss'

export default function MineMonthlyPage() {
  return (
    <PageShell route='mine-monthly'>
      <MineMonthlyScreen />
    </PageShell>
  )
}
