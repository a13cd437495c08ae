/**
 * mine's data: signs in first (ensureLogin, docs/product §6: the personal centre needs a token), then the profile, the
 * awards and the receipt switch together. Reloads when the page shows again (back from cut, bind mobile) and when
 * the token changes (a -997 answer re-authorises and the new token reloads).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { Award, UserCenter } from '@contract'
import { ensureLogin } from '@/lib/bootstrap'
import { useData } from '@/lib/hooks/use-data'
import { useSession } from '@/store/session'
import { fetchAwards, fetchMy, fetchReceiptConfig } from '../api/center'
import { receiptsEnabled } from '../model/profile'

export type MineStatus = 'signing-in' | 'loading' | 'ready' | 'error'

export interface MineData {
  user: UserCenter | null
  awards: Award[]
  receipts: boolean
}

const NO_DATA: MineData = { user: null, awards: [], receipts: false }

async function loadMine(): Promise<MineData> {
  const [user, awards, receipts] = await Promise.all([
    fetchMy(),
    // the page still works when awards or the receipt switch cannot be read
    fetchAwards().catch(() => [] as Award[]),
    fetchReceiptConfig()
      .then(receiptsEnabled)
      .catch(() => false)
  ])
  return { user, awards: awards || [], receipts }
}

export function useMine() {
  const token = useSession((s) => s.token)
  const [signInFailed, setSignInFailed] = useState(false)
  // loads once a token is held; a -997 answer clears the token and re-authorises, and the new token loads again
  const mine = useData(loadMine, [], { enabled: !!token })
  const { reload } = mine
  const shown = useRef(false)

  const signIn = useCallback(() => {
    setSignInFailed(false)
    // resolves false while H5 leaves (or is leaving) for authorisation or the login page
    ensureLogin().catch(() => setSignInFailed(true))
  }, [])

  useEffect(() => {
    if (!token) signIn()
  }, [token, signIn])

  useDidShow(() => {
    // the first show is the mount above; later shows come back from cut, bind mobile or a sub-page
    if (!shown.current) {
      shown.current = true
      return
    }
    if (useSession.getState().token) reload()
  })

  const status: MineStatus = token ? mine.status : signInFailed ? 'error' : 'signing-in'
  return { status, data: mine.data ?? NO_DATA, reload: () => (useSession.getState().token ? reload() : signIn()) }
}
