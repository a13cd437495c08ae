/** Charity tax tool (docs/product §2 tax-tool): personal or company figures -> tax-result. */
import PageShell from '@/components/page-shell'
import { usePageShare } from '@/features/share'
import { TaxToolScreen } from '@/features/tax'

export default function TaxToolPage() {
  usePageShare('tax-tool')
  return (
    <PageShell route='tax-tool'>
      <TaxToolScreen />
    </PageShell>
  )
}
