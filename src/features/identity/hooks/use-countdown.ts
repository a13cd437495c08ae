/**
 * The SMS button's countdown (docs/product §4, §9: 60 s, disabled while above 0). Seconds are derived from a deadline,
 * so a throttled background timer cannot make it run slow. `isRunning()` reads the live value, so a second tap
 * in the same render is ignored too.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

export function useCountdown() {
  const [left, setLeft] = useState(0)
  const deadline = useRef(0)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const stop = () => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }
  const start = useCallback((seconds: number) => {
    stop()
    deadline.current = Date.now() + seconds * 1000
    setLeft(secondsLeft(deadline.current, Date.now()))
    timer.current = setInterval(() => {
      const s = secondsLeft(deadline.current, Date.now())
      setLeft(s)
      if (s === 0) stop()
    }, 1000)
  }, [])
  const isRunning = useCallback(() => secondsLeft(deadline.current, Date.now()) > 0, [])
  useEffect(() => stop, [])
  return { left, start, isRunning }
}
