/** Table types of migration 030, merged into db/types.ts's DB (same conventions: snake_case, ISO timestamps). */
import type { Generated } from 'kysely'

type Ts = string

export interface PrivacyPolicyTable {
  school_id: number
  version: number
  /** Chinese title and text (the fallback); other languages in `texts` (docs/decisions/025) */
  title: string
  content: string
  /** JSON {"en": {"title": "…", "content": "…"}} */
  texts: string
  updated_by: number | null
  updated_at: Ts
}

export interface PrivacyConsentTable {
  id: Generated<number>
  school_id: number
  user_id: number
  version: number
  /** 'login' (the login page's checkbox) or 'prompt' (asked before a form's first collection) */
  source: string
  created_at: Ts
}

declare module '../../db/types' {
  interface DB {
    privacy_policy: PrivacyPolicyTable
    privacy_consent: PrivacyConsentTable
  }
}
