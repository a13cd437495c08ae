import PageShell from '@/components/page-shell'
import { MineTogetherScreen } from '@/features/center/subpackage'
import './index.scss'

export default function MineTogetherPage() {
  return (
    <PageShell route='mine-together'>
      <MineTogetherScreen />
    </PageShell>
  )
}
