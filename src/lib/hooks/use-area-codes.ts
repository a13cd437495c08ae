/** The dialling codes of the session's language: mainland China only until they arrive or when they cannot. */
import type { AreaCode } from '@contract'
import { FALLBACK_AREA_CODES, loadAreaCodes } from '@/lib/area-codes'
import { useSession } from '@/store/session'
import { useData } from './use-data'

export function useAreaCodes(): AreaCode[] {
  const lang = useSession((s) => s.lang)
  return useData(() => loadAreaCodes(lang), [lang]).data ?? FALLBACK_AREA_CODES
}
