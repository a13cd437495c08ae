import PageShell from '@/components/page-shell'
import { AwardScreen } from '@/features/center/subpackage'
import './index.scss'

export default function AwardPage() {
  return (
    <PageShell route='award'>
      <AwardScreen />
    </PageShell>
  )
}
