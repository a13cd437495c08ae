/** Every local-storage key the app uses, with its value type, declared once (CONVENTIONS: typed storage). */
import type { Lang } from '@contract'
import { platform } from '@/platform'

export interface StorageSchema {
  token: string
  lang: Lang
  school: string
  /** chosen certificate tab (SPEC §2 Certificates) */
  cerTab: string
  /** chosen seats or books (SPEC §3 local storage 'gm') */
  gm: unknown
  home: string
  hasShownTreeNamingGuide: boolean
  /** a project message typed before the H5 authorisation redirect, restored on return (project detail) */
  leaveMessageDraft: { itemsId: number; content: string }
}

export const store = {
  get<K extends keyof StorageSchema>(key: K): StorageSchema[K] | undefined {
    return platform.storage.get<StorageSchema[K]>(key)
  },
  set<K extends keyof StorageSchema>(key: K, value: StorageSchema[K]) {
    platform.storage.set(key, value)
  },
  remove(key: keyof StorageSchema) {
    platform.storage.remove(key)
  }
}
