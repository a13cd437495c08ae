import PageShell from '@/components/page-shell'
import { CashierScreen } from '@/features/payment'
import './index.scss'

export default function CashierPage() {
  return (
    <PageShell route='cashier'>
      <CashierScreen />
    </PageShell>
  )
}
