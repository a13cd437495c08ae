import PageShell from '@/components/page-shell'
import { ContractAccountScreen } from '@/features/agreement'

export default function ContractAccountPage() {
  return (
    <PageShell route='contract-cpu/account'>
      <ContractAccountScreen />
    </PageShell>
  )
}
