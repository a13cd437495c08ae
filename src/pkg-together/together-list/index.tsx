import PageShell from '@/components/page-shell'
import { TogetherListScreen } from '@/features/together'
import './index.scss'

export default function TogetherListPage() {
  return (
    <PageShell route='together-list'>
      <TogetherListScreen />
    </PageShell>
  )
}
