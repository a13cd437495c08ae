/** Tax tool result (docs/product §2 tax-result): reads only its query, so a shared link shows the same figures. */
import PageShell from '@/components/page-shell'
import { TaxResultScreen } from '@/features/tax'

export default function TaxResultPage() {
  return (
    <PageShell route='tax-result'>
      <TaxResultScreen />
    </PageShell>
  )
}
