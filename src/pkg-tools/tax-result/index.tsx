/** Tax tool result (docs/product §2 tax-result): reads only its query, so a shared link shows the same figures. */
import PageShell from '@/components/page-shell'
import { usePageShare } from '@/features/share'
import { TaxResultScreen } from '@/features/tax'

export default function TaxResultPage() {
  usePageShare('tax-result')
  return (
    <PageShell route='tax-result'>
      <TaxResultScreen />
    </PageShell>
  )
}
