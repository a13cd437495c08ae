import PageShell from '@/components/page-shell'
import { SubjectCpuScreen } from '@/features/project'
import './index.scss'

export default function SubjectCpuPage() {
  return (
    <PageShell route='subject-cpu' className='subject-page'>
      <SubjectCpuScreen />
    </PageShell>
  )
}
