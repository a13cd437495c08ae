import PageShell from '@/components/page-shell'
import { AwardScreen } from '@/features/center'
import './index.scss'

export default function AwardPage() {
  return (
    <PageShell route='award'>
      <AwardScreen />
    </PageShell>
  )
}
