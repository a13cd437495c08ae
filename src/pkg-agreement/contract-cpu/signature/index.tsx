import PageShell from '@/components/page-shell'
import { ContractSignatureScreen } from '@/features/agreement'

export default function ContractSignaturePage() {
  return (
    <PageShell route='contract-cpu/signature'>
      <ContractSignatureScreen />
    </PageShell>
  )
}
