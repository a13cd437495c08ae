import PageShell from '@/components/page-shell'
import { FormGmScreen } from '@/features/naming'

export default function JnuFormPage() {
  return (
    <PageShell route='seat-naming-jnu/form'>
      <FormGmScreen variant='jnu' />
    </PageShell>
  )
}
