import PageShell from '@/components/page-shell'
import { usePageShare } from '@/features/share'
import { SubjectScreen } from '@/features/project'
import './index.scss'

export default function SubjectPage() {
  usePageShare('subject')
  return (
    <PageShell route='subject' className='subject-page'>
      <SubjectScreen />
    </PageShell>
  )
}
