/** A component-lifetime throttle gate (./throttle.ts) for the apply forms' submit. */
import { useRef } from 'react'
import { APPLY_THROTTLE_MS, createThrottle } from './throttle'

export function useThrottle(ms = APPLY_THROTTLE_MS): () => boolean {
  const gate = useRef<(() => boolean) | null>(null)
  if (!gate.current) gate.current = createThrottle(ms)
  return gate.current
}
