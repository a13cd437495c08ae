import { useMemo } from 'react'
import PageShell from '@/components/page-shell'
import SignedInGate from '@/components/signed-in-gate'
import { CertificateDetailScreen } from '@/features/certificate'
import { platform } from '@/platform'
import './index.scss'

export default function MineCertificateDetailPage() {
  const id = useMemo(() => Number(platform.nav.currentQuery().id) || 0, [])
  return (
    <PageShell route='mine-certificate-detail'>
      <SignedInGate>
        <CertificateDetailScreen id={id} />
      </SignedInGate>
    </PageShell>
  )
}
