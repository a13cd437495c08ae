import PageShell from '@/components/page-shell'
import { AlipayScreen } from '@/features/payment'
import './index.scss'

export default function AlipayPage() {
  return (
    <PageShell route='alipay'>
      <AlipayScreen />
    </PageShell>
  )
}
