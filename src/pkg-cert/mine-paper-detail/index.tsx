import { useMemo } from 'react'
import PageShell from '@/components/page-shell'
import SignedInGate from '@/components/signed-in-gate'
import { ReceiptDetailScreen } from '@/features/receipt'
import { platform } from '@/platform'
import './index.scss'

export default function MinePaperDetailPage() {
  const id = useMemo(() => Number(platform.nav.currentQuery().id) || 0, [])
  return (
    <PageShell route='mine-paper-detail'>
      <SignedInGate>
        <ReceiptDetailScreen id={id} />
      </SignedInGate>
    </PageShell>
  )
}
