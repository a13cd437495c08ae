/**
 * Dialling codes for every mobile input (S/api/v1/area/getAreaList4sort, public, "+86" first): fetched once per
 * language and shared by the login, donation and apply forms. A failed or empty answer falls back to mainland China
 * only and is not cached, so the next picker asks again.
 */
import { Api, type AreaCode, type Lang } from '@contract'
import { request } from './request'
import { DEFAULT_AREA } from './mobile'

export const FALLBACK_AREA_CODES: AreaCode[] = [{ area: '中国大陆', areaCode: `+${DEFAULT_AREA}` }]

export function fetchAreaCodes(): Promise<AreaCode[]> {
  return request<AreaCode[]>({ path: Api.areaList4sort, auth: false, silent: true })
}

const cache = new Map<Lang, Promise<AreaCode[]>>()

/** The codes for `lang` (request() sends the session's language); never rejects. */
export function loadAreaCodes(lang: Lang): Promise<AreaCode[]> {
  let codes = cache.get(lang)
  if (!codes) {
    codes = fetchAreaCodes()
      .then((rows) => (rows && rows.length ? rows : Promise.reject(new Error('no area codes'))))
      .catch(() => {
        cache.delete(lang)
        return FALLBACK_AREA_CODES
      })
    cache.set(lang, codes)
  }
  return codes
}
