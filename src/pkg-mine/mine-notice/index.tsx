import PageShell from '@/components/page-shell'
import { NoticeScreen } from '@/features/center/subpackage'
import './index.scss'

export default function MineNoticePage() {
  return (
    <PageShell route='mine-notice'>
      <NoticeScreen />
    </PageShell>
  )
}
