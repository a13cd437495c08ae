import PageShell from '@/components/page-shell'
import { TreeFormScreen } from '@/features/pledge'

export default function TreeFormPage() {
  return (
    <PageShell route='tree-naming-hhu/form'>
      <TreeFormScreen />
    </PageShell>
  )
}
