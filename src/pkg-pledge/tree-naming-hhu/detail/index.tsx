import PageShell from '@/components/page-shell'
import { TreeDetailScreen } from '@/features/pledge'

export default function TreeDetailPage() {
  return (
    <PageShell route='tree-naming-hhu/detail'>
      <TreeDetailScreen />
    </PageShell>
  )
}
