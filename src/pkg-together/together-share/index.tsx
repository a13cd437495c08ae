import PageShell from '@/components/page-shell'
import { TogetherShareScreen } from '@/features/together'
import './index.scss'

export default function TogetherSharePage() {
  return (
    <PageShell route='together-share'>
      <TogetherShareScreen />
    </PageShell>
  )
}
