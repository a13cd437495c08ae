import PageShell from '@/components/page-shell'
import { MineGmScreen } from '@/features/naming'
import './index.scss'

export default function MineGmPage() {
  return (
    <PageShell route='mine-gm'>
      <MineGmScreen />
    </PageShell>
  )
}
