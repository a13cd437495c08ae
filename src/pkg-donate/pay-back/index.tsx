import PageShell from '@/components/page-shell'
import { PayBackScreen } from '@/features/payment'
import './index.scss'

export default function PayBackPage() {
  return (
    <PageShell route='pay-back'>
      <PayBackScreen />
    </PageShell>
  )
}
