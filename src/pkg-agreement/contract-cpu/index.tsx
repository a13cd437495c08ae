import PageShell from '@/components/page-shell'
import { ContractFormScreen } from '@/features/agreement'

export default function ContractCpuPage() {
  return (
    <PageShell route='contract-cpu'>
      <ContractFormScreen />
    </PageShell>
  )
}
