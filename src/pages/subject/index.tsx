import PageShell from '@/components/page-shell'
import SubjectScreen from '@/features/project/components/subject-screen'
import './index.scss'

export default function SubjectPage() {
  return (
    <PageShell route='subject' className='subject-page'>
      <SubjectScreen />
    </PageShell>
  )
}
