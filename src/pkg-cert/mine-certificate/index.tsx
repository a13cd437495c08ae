import PageShell from '@/components/page-shell'
import { CertificateScreen, SignedInGate } from '@/features/certificate'
import './index.scss'

export default function MineCertificatePage() {
  return (
    <PageShell route='mine-certificate'>
      <SignedInGate>
        <CertificateScreen />
      </SignedInGate>
    </PageShell>
  )
}
