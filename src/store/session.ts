/**
 * Session state: which school, its runtime config, language, token and the school's settings from baseConfig.
 * Filled by the bootstrap (src/lib/bootstrap.ts); read by the request module and pages.
 */
import { useCallback } from 'react'
import { create } from 'zustand'
import type { BaseConfig, Lang, SchoolConfig, SchoolSettings } from '@contract'
import { DEFAULT_LANG } from '@contract'
import { store } from '@/platform/storage-keys'
import { translate, type MessageKey, type TParams } from '@/lib/i18n'

export const DEFAULT_SETTINGS: SchoolSettings = {
  hideStatistics: false,
  disableOnlineDonation: false,
  offlineContactInfo: '',
  maskDonorNames: false,
  hideDirectorySearch: false,
  hideProjectDirectory: false,
  defaultDirectoryOrder: '',
  projectListVariant: 'tabs',
  campaignItems: {}
}

export type BootState = 'idle' | 'loading' | 'ready' | 'failed'

export interface SessionState {
  school: string
  config: SchoolConfig | null
  /** origin + API base, '' until the school config has loaded (requests wait for it) */
  apiBase: string
  lang: Lang
  token: string
  isMiddle: boolean
  baseConfig: BaseConfig | null
  settings: SchoolSettings
  boot: BootState
  bootError: string
  setLang(lang: Lang): void
  setToken(token: string): void
  clearToken(): void
}

export const useSession = create<SessionState>((set) => ({
  school: '',
  config: null,
  apiBase: '',
  lang: store.get('lang') || DEFAULT_LANG,
  token: store.get('token') || '',
  isMiddle: false,
  baseConfig: null,
  settings: DEFAULT_SETTINGS,
  boot: 'idle',
  bootError: '',
  setLang(lang) {
    store.set('lang', lang)
    set({ lang })
  },
  setToken(token) {
    store.set('token', token)
    set({ token })
  },
  clearToken() {
    store.remove('token')
    set({ token: '' })
  }
}))

/** Translate outside React (request module, toasts). */
export function t(key: MessageKey, params?: TParams): string {
  return translate(useSession.getState().lang, key, params)
}

/**
 * Translate inside components; re-renders when the language changes. The function is the same object until the
 * language changes, so effects and memos can list `t` as a dependency and re-run exactly on a language switch.
 */
export function useT() {
  const lang = useSession((s) => s.lang)
  return useCallback((key: MessageKey, params?: TParams) => translate(lang, key, params), [lang])
}
