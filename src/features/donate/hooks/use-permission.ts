/**
 * The permission check on entry and before submit (docs/product §4, §6, §8): 0201 opens the alumni reminder; 0101 asks
 * for sign-in (ensureLogin; H5 may leave the page for authorisation and come back to the same form).
 */
import { useCallback, useEffect, useState } from 'react'
import { ensureLogin } from '@/lib/bootstrap'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import { checkPermission } from '../api/donate'

export interface PermissionGate {
  alumniOpen: boolean
  closeAlumni(): void
  /** true when the donor may go on; otherwise the reminder or the sign-in has been started */
  ensure(): Promise<boolean>
}

export function usePermission(itemsId: number | null, active: boolean): PermissionGate {
  const [alumniOpen, setAlumniOpen] = useState(false)

  const ensure = useCallback(async (): Promise<boolean> => {
    if (!itemsId) return false
    let result = await checkPermission(itemsId)
    if (result === 'login') {
      let signedIn = false
      try {
        signedIn = await ensureLogin()
      } catch {
        toast(t('donate.loginFailed'), 2000)
        return false
      }
      // false: the page is leaving for authorisation and will come back
      if (!signedIn) return false
      result = await checkPermission(itemsId)
    }
    if (result === 'alumni') {
      setAlumniOpen(true)
      return false
    }
    // 'error': the check itself failed; the server checks again on donate
    return result !== 'login'
  }, [itemsId])

  useEffect(() => {
    if (active) ensure().catch(() => undefined)
  }, [active, ensure])

  return { alumniOpen, closeAlumni: () => setAlumniOpen(false), ensure }
}
