import PageShell from '@/components/page-shell'
import { SuccessScreen } from '@/features/payment'
import './index.scss'

export default function SuccessPage() {
  return (
    <PageShell route='success'>
      <SuccessScreen />
    </PageShell>
  )
}
