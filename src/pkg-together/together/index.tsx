import PageShell from '@/components/page-shell'
import { LaunchScreen } from '@/features/together'
import './index.scss'

export default function TogetherPage() {
  return (
    <PageShell route='together'>
      <LaunchScreen />
    </PageShell>
  )
}
