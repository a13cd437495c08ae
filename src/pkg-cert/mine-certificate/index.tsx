import PageShell from '@/components/page-shell'
import SignedInGate from '@/components/signed-in-gate'
import { CertificateScreen } from '@/features/certificate'
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
