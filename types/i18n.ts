/**
 * The i18n core shared by the app (src/lib/i18n), the server (server/src/i18n.ts) and the staff console
 * (server/admin/src/i18n.tsx), docs/decisions/059-one-route-list.md: one message format, one way to define a
 * dictionary and one lookup. It lives in types/ beside the contract because the server never imports app code; it
 * imports nothing but the Lang type, so all three builds can take it. The app reaches it as src/lib/i18n/define.ts.
 *
 * The format: `{name}` is a parameter; `{n, plural, one {# copy} other {# copies}}` is ICU's plural cut to what the
 * dictionaries need, `#` standing for the number (English; Chinese needs none). A parameter not given stays as
 * written, visible, rather than becoming "undefined".
 */
import type { Lang } from './envelope'

/** A dictionary per language, every language with the same keys. */
export type Dictionaries<K extends string = string> = Record<Lang, Record<K, string>>
export type TParams = Record<string, string | number>

/**
 * One domain's strings in both languages. The zh_CN object is the source of the key set (its keys are inferred as
 * literals, as with `as const`), and the en object must have exactly those keys: a key missing from English or
 * present only in English is a compile error at the dictionary, not a raw key on screen.
 */
export function defineMessages<const Zh extends Record<string, string>>(messages: { zh_CN: Zh; en: NoInfer<{ [K in keyof Zh]: string }> }) {
  return messages
}

/**
 * The same dictionaries written key by key (`{ key: { zh_CN, en } }`, the server's domains keep their messages so):
 * the type demands both languages for every key, and the result is the per-language shape lookups take.
 */
export function definePairs<K extends string>(pairs: Record<K, Record<Lang, string>>): Dictionaries<K> {
  const zh_CN = {} as Record<K, string>
  const en = {} as Record<K, string>
  for (const key of Object.keys(pairs) as K[]) {
    zh_CN[key] = pairs[key].zh_CN
    en[key] = pairs[key].en
  }
  return { zh_CN, en }
}

const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g

/** A template with its parameters filled in (the format above). */
export function formatMessage(template: string, params?: TParams): string {
  if (!params) return template
  return template
    .replace(PLURAL, (m, name: string, one: string, other: string) =>
      params[name] === undefined ? m : (Number(params[name]) === 1 ? one : other).replace(/#/g, String(params[name]))
    )
    .replace(/\{(\w+)\}/g, (m, name: string) => (params[name] !== undefined ? String(params[name]) : m))
}

/** A key's text in `lang`, else in Chinese (the default), else the key itself: visible, not a crash, for a value that
 *  escaped the type (any-typed data). */
export function lookup<K extends string>(dictionaries: Dictionaries<K>, lang: Lang, key: K, params?: TParams): string {
  const template = dictionaries[lang]?.[key] ?? dictionaries.zh_CN[key] ?? key
  return formatMessage(template, params)
}

/** 'en', 'en_US', 'en-GB' -> 'en'; 'zh', 'zh_CN', 'zh-CN' -> 'zh_CN'; anything else null (each part picks its default). */
export function parseLang(value: unknown): Lang | null {
  const v = Array.isArray(value) ? value[0] : value
  if (typeof v !== 'string') return null
  if (/^en([_-]|$)/i.test(v)) return 'en'
  if (/^zh([_-]cn)?$/i.test(v)) return 'zh_CN'
  return null
}
