import PageShell from '@/components/page-shell'
import { MineScreen } from '@/features/center'
import './index.scss'

export default function MinePage() {
  return (
    <PageShell route='mine'>
      <MineScreen />
    </PageShell>
  )
}
