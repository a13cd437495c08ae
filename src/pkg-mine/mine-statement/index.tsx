import PageShell from '@/components/page-shell'
import { StatementScreen } from '@/features/center/subpackage'
import './index.scss'

export default function MineStatementPage() {
  return (
    <PageShell route='mine-statement'>
      <StatementScreen />
    </PageShell>
  )
}
