import PageShell from '@/components/page-shell'
import { GivingDayScreen } from '@/features/giving-day/subpackage'
import './index.scss'

export default function GivingDayPage() {
  return (
    <PageShell route='giving-day'>
      <GivingDayScreen />
    </PageShell>
  )
}
