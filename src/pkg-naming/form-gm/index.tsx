import PageShell from '@/components/page-shell'
import { FormGmScreen } from '@/features/naming'

export default function FormGmPage() {
  return (
    <PageShell route='form-gm'>
      <FormGmScreen />
    </PageShell>
  )
}
