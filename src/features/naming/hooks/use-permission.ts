/**
 * The permission check before choosing and before paying (docs/product §4, §6, §8): 0201 opens the alumni reminder (seat
 * campaigns are alumni-only); 0101 signs in first (H5 may leave the page for authorisation and come back).
 */
import { useCallback, useEffect, useState } from 'react'
import { ensureLogin } from '@/lib/bootstrap'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import { checkPermission } from '../api/naming'

export interface PermissionGate {
  alumniOpen: boolean
  closeAlumni(): void
  /** true when the donor may go on; otherwise the reminder or the sign-in has been started */
  ensure(): Promise<boolean>
}

/** `onEntry`: check (and sign in) as the page opens, as the donation form does, so H5's sign-in round trip happens
 *  before the donor fills anything in. */
export function usePermission(itemsId: number, onEntry = false): PermissionGate {
  const [alumniOpen, setAlumniOpen] = useState(false)
  const ensure = useCallback(async (): Promise<boolean> => {
    if (!itemsId) return false
    let result = await checkPermission(itemsId)
    if (result === 'login') {
      let signedIn = false
      try {
        signedIn = await ensureLogin()
      } catch {
        toast(t('naming.loginFailed'), 2000)
        return false
      }
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
    if (onEntry) ensure().catch(() => undefined)
  }, [onEntry, ensure])
  return { alumniOpen, closeAlumni: () => setAlumniOpen(false), ensure }
}
