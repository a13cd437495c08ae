import PageShell from '@/components/page-shell'
import { MineTogetherScreen } from '@/features/center'
import './index.scss'

export default function MineTogetherPage() {
  return (
    <PageShell route='mine-together'>
      <MineTogetherScreen />
    </PageShell>
  )
}
