import PageShell from '@/components/page-shell'
import { CutScreen } from '@/features/avatar'
import './index.scss'

export default function CutPage() {
  return (
    <PageShell route='cut'>
      <CutScreen />
    </PageShell>
  )
}
