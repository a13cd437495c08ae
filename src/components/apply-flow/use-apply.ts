/**
 * The apply flows' shared state: step 1's gift picker (stay/page, limit 99, multi-select) and the submit (busy
 * guard + 1.5 s throttle; success opens the dialog; code not 0 shows the server's message, docs/product §8: under the field it names, else a toast).
 */
import { useMemo, useRef, useState } from 'react'
import type { Page, StayDonation } from '@contract'
import Taro from '@tarojs/taro'
import { useFormErrors } from '@/components/form-kit'
import { useData } from '@/lib/hooks/use-data'
import { quiet } from '@/lib/quiet'
import { platform } from '@/platform'
import { t } from '@/store/session'
import type { ApplyResult } from './api'
import { toStayView } from './stay'
import { useThrottle } from './use-throttle'

export function useApplyPicker(fetchStay: () => Promise<Page<StayDonation>>) {
  const stay = useData(() => fetchStay(), [fetchStay])
  const rows = useMemo(() => (stay.data?.rows || []).map((r) => toStayView(r, platform.assetUrl)), [stay.data])
  const [selected, setSelected] = useState<number[]>([])
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))
  const toggleAll = () => setSelected((s) => (rows.length && rows.every((r) => s.includes(r.id)) ? [] : rows.map((r) => r.id)))
  // keep the rows' order whatever order they were ticked in
  const ordered = rows.filter((r) => selected.includes(r.id))
  return { stay, rows, selected: ordered.map((r) => r.id), chosen: ordered, toggle, toggleAll }
}

/**
 * The flow's problems under their fields (decision 077; the form kit's useFormErrors, decision 081): a validation
 * problem or a server refusal that names a field shows under that field until the donor changes the form; the rest is
 * toasted.
 */
export function useApplyErrors(form: unknown) {
  const { errors, show } = useFormErrors(form)
  return { errors, show: (text: string, field: string | null | undefined) => show(text, field) }
}

export function useApplySubmit(onRefused: (message: string, field: string | null) => void) {
  const gate = useThrottle()
  const busyRef = useRef(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const run = async (send: () => Promise<ApplyResult>) => {
    if (busyRef.current || !gate()) return
    busyRef.current = true
    setBusy(true)
    const r = await send()
    busyRef.current = false
    setBusy(false)
    if (r.ok) setDone(true)
    else onRefused(r.message || t('common.loadFailed'), r.field)
  }
  return { busy, done, run }
}

/** Each step (and the return to the list) starts at the top of the page, not where the previous view was scrolled. */
export function scrollToTop() {
  quiet(() => Taro.pageScrollTo({ scrollTop: 0, duration: 0 }))
}

/**
 * The list screens' switch between their lists and the apply flow. `generation` moves after a successful
 * application: keyed on it, the lists load again from the first page.
 */
export function useApplyMode() {
  const [applying, setApplying] = useState(false)
  const [generation, setGeneration] = useState(0)
  const show = (on: boolean) => {
    setApplying(on)
    scrollToTop()
  }
  return {
    applying,
    generation,
    start: () => show(true),
    cancel: () => show(false),
    done: () => {
      show(false)
      setGeneration((g) => g + 1)
    }
  }
}
