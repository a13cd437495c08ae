/**
 * Certificates and receipts need a token (docs/product §6): on entry `ensureLogin()` (H5 may leave the page to authorise
 * and come back). 'ready' once a token is held; 'failed' offers a retry.
 */
import { useCallback, useEffect, useState } from 'react'
import { ensureLogin } from '@/lib/bootstrap'
import { useSession } from '@/store/session'

export type SignInState = 'pending' | 'ready' | 'failed'

export function useSignedIn(): { state: SignInState; retry(): void } {
  const token = useSession((s) => s.token)
  const [failed, setFailed] = useState(false)
  const run = useCallback(() => {
    setFailed(false)
    // resolves false while H5 leaves the page to authorise: the page comes back with a code and a token
    ensureLogin().catch(() => setFailed(true))
  }, [])
  useEffect(() => {
    run()
  }, [run])
  return { state: token ? 'ready' : failed ? 'failed' : 'pending', retry: run }
}
