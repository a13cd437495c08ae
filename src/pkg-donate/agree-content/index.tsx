import PageShell from '@/components/page-shell'
import { AgreeContentScreen, useAgreementTitle } from '@/features/donate'
import './index.scss'

export default function AgreeContentPage() {
  const title = useAgreementTitle()
  return (
    <PageShell route='agree-content' title={title || undefined}>
      <AgreeContentScreen />
    </PageShell>
  )
}
