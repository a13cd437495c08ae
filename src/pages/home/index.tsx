/** Home (docs/product §2 root index, home child): the first tab and the page every target opens on. */
import PageShell from '@/components/page-shell'
import { HomeScreen } from '@/features/home'
import './index.scss'

export default function HomePage() {
  return (
    <PageShell route='home'>
      <HomeScreen />
    </PageShell>
  )
}
