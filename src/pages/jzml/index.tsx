/** Donation directory (docs/product §2 jzml). Query: itemsId (optional) scopes the list to one project. */
import { useMemo } from 'react'
import PageShell from '@/components/page-shell'
import { DirectoryScreen } from '@/features/directory'
import { platform } from '@/platform'
import './index.scss'

export default function JzmlPage() {
  const itemsId = useMemo(() => {
    const id = Number(platform.nav.currentQuery().itemsId)
    return Number.isInteger(id) && id > 0 ? id : undefined
  }, [])
  return (
    <PageShell route='jzml'>
      <DirectoryScreen itemsId={itemsId} />
    </PageShell>
  )
}
