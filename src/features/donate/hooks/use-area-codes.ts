/** Dialling codes (S/api/v1/area/getAreaList4sort), loaded once per language and shared by every mobile input. */
import { useEffect, useState } from 'react'
import { DONATE_LIMITS, type AreaCode } from '@contract'
import { useSession } from '@/store/session'
import { fetchAreaCodes } from '../api/donate'

const cache = new Map<string, Promise<AreaCode[]>>()
const FALLBACK: AreaCode[] = [{ area: '中国大陆', areaCode: `+${DONATE_LIMITS.DEFAULT_AREA_CODE}` }]

export function useAreaCodes(): AreaCode[] {
  const lang = useSession((s) => s.lang)
  const [codes, setCodes] = useState<AreaCode[]>(FALLBACK)
  useEffect(() => {
    let alive = true
    if (!cache.has(lang)) {
      cache.set(lang, fetchAreaCodes().then((rows) => (rows && rows.length ? rows : FALLBACK)).catch(() => {
        cache.delete(lang)
        return FALLBACK
      }))
    }
    cache.get(lang)!.then((rows) => alive && setCodes(rows))
    return () => {
      alive = false
    }
  }, [lang])
  return codes
}
