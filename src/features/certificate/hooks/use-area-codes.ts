/** Dialling codes for the mobile rows, loaded once per language (+86 until they arrive or when they fail). */
import { useEffect, useState } from 'react'
import type { AreaCode } from '@contract'
import { useSession } from '@/store/session'
import { fetchAreaCodes } from '../api/certificate'
import { DEFAULT_AREA } from '../model/mobile'

const cache = new Map<string, Promise<AreaCode[]>>()
const FALLBACK: AreaCode[] = [{ area: '中国大陆', areaCode: `+${DEFAULT_AREA}` }]

export function useAreaCodes(): AreaCode[] {
  const lang = useSession((s) => s.lang)
  const [codes, setCodes] = useState<AreaCode[]>(FALLBACK)
  useEffect(() => {
    let alive = true
    if (!cache.has(lang)) {
      cache.set(
        lang,
        fetchAreaCodes()
          .then((rows) => (rows && rows.length ? rows : FALLBACK))
          .catch(() => {
            cache.delete(lang)
            return FALLBACK
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
