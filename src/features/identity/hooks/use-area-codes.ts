/** Dialling codes (S/api/v1/area/getAreaList4sort) for the login page's picker, loaded once per language. */
import { useEffect, useState } from 'react'
import { DONATE_LIMITS, type AreaCode } from '@contract'
import { useSession } from '@/store/session'
import { fetchAreaCodes } from '../api/login'

const cache = new Map<string, Promise<AreaCode[]>>()
export const FALLBACK_AREA_CODES: AreaCode[] = [{ area: '中国大陆', areaCode: `+${DONATE_LIMITS.DEFAULT_AREA_CODE}` }]

/** Tests start from an empty cache. */
export function resetAreaCodes() {
  cache.clear()
}

export function useAreaCodes(): AreaCode[] {
  const lang = useSession((s) => s.lang)
  const [codes, setCodes] = useState<AreaCode[]>(FALLBACK_AREA_CODES)
  useEffect(() => {
    let alive = true
    if (!cache.has(lang)) {
      cache.set(
        lang,
        fetchAreaCodes()
          .then((rows) => (rows && rows.length ? rows : FALLBACK_AREA_CODES))
          .catch(() => {
            cache.delete(lang)
            return FALLBACK_AREA_CODES
          })
      )
    }
    cache.get(lang)!.then((rows) => alive && setCodes(rows))
    return () => {
      alive = false
    }
  }, [lang])
  return codes
}
