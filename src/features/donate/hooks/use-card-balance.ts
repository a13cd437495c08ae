/** Campus card balance (pay type 9): read when the donor leaves the number field and again before submit. */
import { useCallback, useRef, useState } from 'react'
import { fetchCardBalance } from '../api/donate'

export type BalanceState = { status: 'idle' } | { status: 'loading' } | { status: 'ok'; balance: string } | { status: 'failed' }

export function useCardBalance() {
  const [state, setState] = useState<BalanceState>({ status: 'idle' })
  const generation = useRef(0)

  /** Resolves with the balance (yuan string) or null when it could not be read. Without the password only a card
   *  this donor proved before answers; any other shows no balance row yet (not "failed": it is only unproved). */
  const load = useCallback(async (stuWorkNo: string, password?: string): Promise<string | null> => {
    const gen = ++generation.current
    if (!stuWorkNo.trim()) {
      setState({ status: 'idle' })
      return null
    }
    setState({ status: 'loading' })
    try {
      const r = await fetchCardBalance(stuWorkNo.trim(), password)
      const balance = r && typeof r.balance === 'string' ? r.balance : null
      if (gen === generation.current) setState(balance === null ? { status: 'failed' } : { status: 'ok', balance })
      return balance
    } catch {
      if (gen === generation.current) setState(password ? { status: 'failed' } : { status: 'idle' })
      return null
    }
  }, [])

  return { balance: state, loadBalance: load }
}
