/** Charity tax tool (docs/product §2 tax-tool): personal or company figures -> tax-result. */
import PageShell from '@/components/page-shell'
import { TaxToolScreen } from '@/features/tax'

export default function TaxToolPage() {
  return (
    <PageShell route='tax-tool'>
      <TaxToolScreen />
    </PageShell>
  )
}
