import PageShell from '@/components/page-shell'
import { MineDonScreen } from '@/features/center/subpackage'
import './index.scss'

export default function MineDonPage() {
  return (
    <PageShell route='mine-don'>
      <MineDonScreen />
    </PageShell>
  )
}
