import PageShell from '@/components/page-shell'
import { DonateScreen } from '@/features/donate'
import './index.scss'

export default function DonateFormPage() {
  return (
    <PageShell route='form'>
      <DonateScreen />
    </PageShell>
  )
}
