import PageShell from '@/components/page-shell'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { translate } from '@/lib/i18n'
import { LoginScreen } from '@/features/identity'
import './index.scss'

export default function LoginPage() {
  const lang = useSession((s) => s.lang)
  const bind = platform.nav.currentQuery().bind === '1'
  return (
    <PageShell route='login' title={bind ? translate(lang, 'identity.bind.title') : undefined}>
      <LoginScreen />
    </PageShell>
  )
}
