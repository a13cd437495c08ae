/**
 * Chinese by default, English on a switch that also changes the `lang` header of every API call (so the server's
 * -1 messages come back in the same language). Texts sit where they are used as t('中文', 'English') pairs: a
 * screen's two languages are read and changed together. The message format (`{name}` parameters, English plurals)
 * and the reading of a `lang` value are the app's and the server's (types/i18n.ts, docs/decisions/059).
 */
import { createContext, useContext } from 'react'
import { formatMessage, parseLang, type TParams } from '../../../types/i18n'
import type { Lang } from './api'

export interface LangContext {
  lang: Lang
  setLang: (l: Lang) => void
  t: (zh: string, en: string, params?: TParams) => string
}

/** The t() of one language: the pair's text in it, its parameters filled in the shared format. */
export function translator(lang: Lang): LangContext['t'] {
  return (zh, en, params) => formatMessage(lang === 'en' ? en : zh, params)
}

export const LangCtx = createContext<LangContext>({ lang: 'zh_CN', setLang: () => undefined, t: translator('zh_CN') })
export const useLang = () => useContext(LangCtx)

const LANG_KEY = 'uplus.staff.lang'
export function initialLang(): Lang {
  const q = parseLang(new URLSearchParams(location.search).get('lang'))
  if (q) return q
  return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh_CN'
}
export function rememberLang(l: Lang) {
  localStorage.setItem(LANG_KEY, l)
}
