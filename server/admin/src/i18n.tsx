/**
 * Chinese by default, English on a switch that also changes the `lang` header of every API call (so the server's
 * -1 messages come back in the same language). Texts sit where they are used as t('中文', 'English') pairs: a
 * screen's two languages are read and changed together.
 */
import { createContext, useContext } from 'react'
import type { Lang } from './api'

export interface LangContext {
  lang: Lang
  setLang: (l: Lang) => void
  t: (zh: string, en: string) => string
}

export const LangCtx = createContext<LangContext>({ lang: 'zh_CN', setLang: () => undefined, t: (zh) => zh })
export const useLang = () => useContext(LangCtx)

const LANG_KEY = 'uplus.staff.lang'
export function initialLang(): Lang {
  const q = new URLSearchParams(location.search).get('lang')
  if (q === 'en' || q === 'zh_CN') return q
  return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh_CN'
}
export function rememberLang(l: Lang) {
  localStorage.setItem(LANG_KEY, l)
}
