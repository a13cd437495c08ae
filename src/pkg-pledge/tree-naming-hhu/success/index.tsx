import PageShell from '@/components/page-shell'
import { TreeSuccessScreen } from '@/features/pledge'

export default function TreeSuccessPage() {
  return (
    <PageShell route='tree-naming-hhu/success'>
      <TreeSuccessScreen />
    </PageShell>
  )
}
