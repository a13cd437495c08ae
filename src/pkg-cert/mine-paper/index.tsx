import PageShell from '@/components/page-shell'
import SignedInGate from '@/components/signed-in-gate'
import { ReceiptScreen } from '@/features/receipt'
import './index.scss'

export default function MinePaperPage() {
  return (
    <PageShell route='mine-paper'>
      <SignedInGate>
        <ReceiptScreen />
      </SignedInGate>
    </PageShell>
  )
}
