import PageShell from '@/components/page-shell'
import { usePageShare } from '@/features/share'
import { SubjectCpuScreen } from '@/features/project'
import './index.scss'

export default function SubjectCpuPage() {
  usePageShare('subject-cpu')
  return (
    <PageShell route='subject-cpu' className='subject-page'>
      <SubjectCpuScreen />
    </PageShell>
  )
}
