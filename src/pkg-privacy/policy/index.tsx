import PageShell from '@/components/page-shell'
import { PolicyScreen } from '@/features/privacy/subpackage'

export default function PrivacyPolicyPage() {
  return (
    <PageShell route='privacy'>
      <PolicyScreen />
    </PageShell>
  )
}
