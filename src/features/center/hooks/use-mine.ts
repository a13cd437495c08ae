/**
 * mine's data: signs in first (ensureLogin, SPEC §6: the personal centre needs a token), then the profile, the
 * awards and the receipt switch together. Reloads when the page shows again (back from cut, bind mobile) and when
 * the token changes (a -997 answer re-authorises and the new token reloads).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { Award, UserCenter } from '@contract'
import { ensureLogin } from '@/lib/bootstrap'
import { useSession } from '@/store/session'
import { fetchAwards, fetchMy, fetchReceiptConfig } from '../api/center'
import { receiptsEnabled } from '../model/profile'

export type MineStatus = 'signing-in' | 'loading' | 'ready' | 'error'

export interface MineData {
  user: UserCenter | null
  awards: Award[]
  receipts: boolean
}

export function useMine() {
  const token = useSession((s) => s.token)
  const [status, setStatus] = useState<MineStatus>(token ? 'loading' : 'signing-in')
  const [data, setData] = useState<MineData>({ user: null, awards: [], receipts: false })
  const generation = useRef(0)
  const shown = useRef(false)

  const load = useCallback(async () => {
    const gen = ++generation.current
    setStatus((s) => (s === 'ready' ? s : 'loading'))
    try {
      const [user, awards, receipts] = await Promise.all([
        fetchMy(),
        // the page still works when awards or the receipt switch cannot be read
        fetchAwards().catch(() => [] as Award[]),
        fetchReceiptConfig().then(receiptsEnabled).catch(() => false)
      ])
      if (gen !== generation.current) return
      setData({ user, awards: awards || [], receipts })
      setStatus('ready')
    } catch {
      if (gen === generation.current) setStatus('error')
    }
  }, [])

  const signInAndLoad = useCallback(() => {
    setStatus('signing-in')
    ensureLogin()
      .then((ok) => {
        // false: H5 left (or is leaving) for authorisation or the login page
        if (!ok) return
      })
      .catch(() => setStatus('error'))
  }, [])

  useEffect(() => {
    if (token) load()
    else signInAndLoad()
  }, [token, load, signInAndLoad])

  useDidShow(() => {
    // the first show is the mount above; later shows come back from cut, bind mobile or a sub-page
    if (!shown.current) {
      shown.current = true
      return
    }
    if (useSession.getState().token) load()
  })

  return { status, data, reload: () => (useSession.getState().token ? load() : signInAndLoad()) }
}
