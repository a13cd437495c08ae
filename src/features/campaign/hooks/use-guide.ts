/**
 * The tree campaigns' guide slideshow (docs/product §2: shown after the description dialog is first closed; storage
 * flag hasShownTreeNamingGuide; §9: it opens 300 ms after the note closes and its close animation takes 500 ms).
 * The flag is set when the guide opens, so a donor who leaves mid-guide is not shown it again.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { store } from '@/platform/storage-keys'

export const GUIDE_DELAY_MS = 300
export const GUIDE_CLOSE_MS = 500

export interface GuideApi {
  /** mounted (also while its close animation runs) */
  open: boolean
  closing: boolean
  /** the description dialog has just closed: open the guide once, after the delay */
  noteClosed(): void
  close(): void
}

export const guideSeen = (): boolean => store.get('hasShownTreeNamingGuide') === true

export function useGuide(): GuideApi {
  const [open, setOpen] = useState(false)
  const [closing, setClosing] = useState(false)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout)
      timers.current = []
    },
    []
  )
  const noteClosed = useCallback(() => {
    if (guideSeen()) return
    store.set('hasShownTreeNamingGuide', true)
    timers.current.push(setTimeout(() => setOpen(true), GUIDE_DELAY_MS))
  }, [])
  const close = useCallback(() => {
    setClosing(true)
    timers.current.push(
      setTimeout(() => {
        setOpen(false)
        setClosing(false)
      }, GUIDE_CLOSE_MS)
    )
  }, [])
  return { open, closing, noteClosed, close }
}
