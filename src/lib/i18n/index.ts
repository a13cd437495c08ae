/**
 * i18n: zh_CN (default) and en. Dictionaries live per domain in ./messages/*.ts (defineMessages: the compiler
 * refuses a key present in one language only) and are merged here. translate()/t() take a MessageKey, a union
 * derived from the zh_CN objects, so a key used in code that no dictionary has is a tsc error, not a raw key on
 * screen. Keys built from data at run time go through messageKey(), which checks them against the dictionary.
 */
import type { Lang } from '@contract'
import common from './messages/common'
import project from './messages/project'
import directory from './messages/directory'
import home from './messages/home'
import tax from './messages/tax'
import article from './messages/article'
import donate from './messages/donate'
import payment from './messages/payment'
import identity from './messages/identity'
import center from './messages/center'
import certificate from './messages/certificate'
import receipt from './messages/receipt'
import naming from './messages/naming'
import map from './messages/map'
import pledge from './messages/pledge'
import agreement from './messages/agreement'
import artwork from './messages/artwork'
import campaign from './messages/campaign'
import together from './messages/together'
import a11y from './messages/a11y'
import imagery from './messages/imagery'
import privacy from './messages/privacy'

// spreads, not Object.assign over an array, so that the merged type keeps every literal key
const zh_CN = {
  ...common.zh_CN,
  ...project.zh_CN,
  ...together.zh_CN,
  ...imagery.zh_CN,
  ...privacy.zh_CN,
  ...directory.zh_CN,
  ...home.zh_CN,
  ...tax.zh_CN,
  ...article.zh_CN,
  ...donate.zh_CN,
  ...payment.zh_CN,
  ...identity.zh_CN,
  ...center.zh_CN,
  ...certificate.zh_CN,
  ...receipt.zh_CN,
  ...naming.zh_CN,
  ...map.zh_CN,
  ...pledge.zh_CN,
  ...agreement.zh_CN,
  ...artwork.zh_CN,
  ...campaign.zh_CN,
  ...a11y.zh_CN
}
const en = {
  ...common.en,
  ...project.en,
  ...together.en,
  ...imagery.en,
  ...privacy.en,
  ...directory.en,
  ...home.en,
  ...tax.en,
  ...article.en,
  ...donate.en,
  ...payment.en,
  ...identity.en,
  ...center.en,
  ...certificate.en,
  ...receipt.en,
  ...naming.en,
  ...map.en,
  ...pledge.en,
  ...agreement.en,
  ...artwork.en,
  ...campaign.en,
  ...a11y.en
}

/** Every translation key the app has. */
export type MessageKey = keyof typeof zh_CN

export const dictionaries: Record<Lang, Record<MessageKey, string>> = { zh_CN, en }

export type TParams = Record<string, string | number>

/** What t()/useT() give: model functions that word things take one of these. */
export type Translate = (key: MessageKey, params?: TParams) => string

/** A key assembled at run time from data (a route name, a pay type from a URL): the key when the dictionary has
 *  it, otherwise undefined, so the caller picks its own fallback instead of showing the raw key. */
export function messageKey(key: string): MessageKey | undefined {
  return Object.prototype.hasOwnProperty.call(dictionaries.zh_CN, key) ? (key as MessageKey) : undefined
}

/** The text of a key built from data: the dictionary's text when the key exists, otherwise `fallback` (the raw
 *  key is never shown). test/unit/i18n.test.ts lists every family of such keys with the values the wire allows. */
export function dynamicText(t: (key: MessageKey) => string, key: string, fallback = ''): string {
  const k = messageKey(key)
  return k ? t(k) : fallback
}

export function translate(lang: Lang, key: MessageKey, params?: TParams): string {
  // the key itself is the last resort for a value that escaped the type (any-typed data): visible, not a crash
  const template = dictionaries[lang][key] ?? dictionaries.zh_CN[key] ?? key
  if (!params) return template
  return template
    .replace(PLURAL, (m, name: string, one: string, other: string) =>
      params[name] === undefined ? m : (Number(params[name]) === 1 ? one : other).replace(/#/g, String(params[name]))
    )
    .replace(/\{(\w+)\}/g, (m, name) => (params[name] !== undefined ? String(params[name]) : m))
}

/**
 * English plurals, ICU's shape cut to what the dictionaries need: `{n, plural, one {# copy} other {# copies}}`, with
 * `#` standing for the number ("1 copies" once showed). Chinese needs none.
 */
const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g

export function normaliseLang(v: unknown): Lang | null {
  if (v === 'en' || v === 'en_US' || v === 'en-US') return 'en'
  if (v === 'zh_CN' || v === 'zh' || v === 'zh-CN') return 'zh_CN'
  return null
}
