import PageShell from '@/components/page-shell'
import { BookListScreen } from '@/features/naming'

export default function BookListPage() {
  return (
    <PageShell route='book-list'>
      <BookListScreen />
    </PageShell>
  )
}
