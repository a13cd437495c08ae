/**
 * The permission check on entry and before submit (docs/product §4, §6, §8): 0201 opens the alumni reminder (the login
 * page in the mini-programs); 0101 asks
 * for sign-in (ensureLogin; H5 may leave the page for authorisation and come back to the same form). The reminder offers
 * the alumni sign-in (alumniSignIn) besides close, in a browser too (decision 061).
 */
import { useCallback, useEffect, useState } from 'react'
import { currentPagePath, ensureLogin } from '@/lib/bootstrap'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { t, useSession } from '@/store/session'
import { checkPermission } from '../api/donate'

/**
 * The alumni check before a choice is made (decision 061): a page that leads to an alumni-only gift (the seat picker)
 * asks on entry, when the donor is signed in, and opens the alumni reminder on 0201, so a donor who is not certified
 * learns it before picking seats rather than on the form after them. Without a session nothing is asked (a visitor
 * only browsing is not sent to sign in); the form checks again in any case.
 */
export function useAlumniPrecheck(itemsId: number | null): { alumniOpen: boolean; closeAlumni(): void } {
  const [alumniOpen, setAlumniOpen] = useState(false)
  const token = useSession((s) => s.token)
  useEffect(() => {
    if (!itemsId || !token) return
    let live = true
    checkPermission(itemsId)
      .then((r) => {
        if (live && r === 'alumni') setAlumniOpen(true)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [itemsId, token])
  return { alumniOpen, closeAlumni: () => setAlumniOpen(false) }
}

/** The alumni reminder's sign-in: the login page, where a certified alumnus's account signs in, then back here. */
export function alumniSignIn(): void {
  platform.nav.to(routeUrl('login', { from: returnPath() }))
}

export interface PermissionGate {
  alumniOpen: boolean
  closeAlumni(): void
  /** true when the donor may go on; otherwise the reminder or the sign-in has been started */
  ensure(): Promise<boolean>
}

/** This page, for the login page to come back to; none when the page stack cannot say (login then opens mine). */
function returnPath(): string | undefined {
  try {
    return currentPagePath()
  } catch {
    return undefined
  }
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
      // docs/product §6: inside the mini-programs 0201 goes to the login page (an alumni account signs in there and
      // comes back to this form); in a browser the alumni reminder opens
      if (platform.env().target !== 'h5') platform.nav.to(routeUrl('login', { from: returnPath() }))
      else setAlumniOpen(true)
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
