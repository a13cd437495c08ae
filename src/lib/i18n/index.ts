/**
 * i18n: zh_CN (default) and en, on the core the server and the staff console share (types/i18n.ts through ./define.ts: the message format,
 * defineMessages, the lookup). Dictionaries live per domain in ./messages/*.ts (defineMessages: the compiler
 * refuses a key present in one language only) and are merged here. translate()/t() take a MessageKey, a union
 * derived from the zh_CN objects, so a key used in code that no dictionary has is a tsc error, not a raw key on
 * screen. Keys built from data at run time go through messageKey(), which checks them against the dictionary.
 */
import type { Lang } from '@contract'
import { lookup, parseLang, type TParams } from './define'
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
import monthly from './messages/monthly'
import givingDay from './messages/giving-day'

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
  ...a11y.zh_CN,
  ...monthly.zh_CN,
  ...givingDay.zh_CN
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
  ...a11y.en,
  ...monthly.en,
  ...givingDay.en
}

/** Every translation key the app has. */
export type MessageKey = keyof typeof zh_CN

export const dictionaries: Record<Lang, Record<MessageKey, string>> = { zh_CN, en }

export type { TParams }

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

/** A key's text with its parameters (the format of types/i18n.ts, which the server and the staff console share). */
export function translate(lang: Lang, key: MessageKey, params?: TParams): string {
  return lookup(dictionaries, lang, key, params)
}

/** The app's reading of a `lang` value (a URL's query): null when it names neither language. */
export function normaliseLang(v: unknown): Lang | null {
  return parseLang(v)
}
