import PageShell from '@/components/page-shell'
import { SubjectScreen } from '@/features/project'
import './index.scss'

export default function SubjectPage() {
  return (
    <PageShell route='subject' className='subject-page'>
      <SubjectScreen />
    </PageShell>
  )
}
