/**
 * i18n: zh_CN (default) and en. Dictionaries live per domain in ./messages/*.ts and are merged here;
 * test/unit/i18n.test.ts fails when a key exists in one language only, so English stays complete.
 */
import type { Lang } from '@contract'
import common from './messages/common'
import project from './messages/project'
import directory from './messages/directory'
import article from './messages/article'
import donate from './messages/donate'
import payment from './messages/payment'
import identity from './messages/identity'
import center from './messages/center'
import certificate from './messages/certificate'
import receipt from './messages/receipt'

type Dict = Record<string, string>
const sources = [common, project, directory, article, donate, payment, identity, center, certificate, receipt]

export const dictionaries: Record<Lang, Dict> = {
  zh_CN: Object.assign({}, ...sources.map((s) => s.zh_CN)),
  en: Object.assign({}, ...sources.map((s) => s.en))
}

export type TParams = Record<string, string | number>

export function translate(lang: Lang, key: string, params?: TParams): string {
  const template = dictionaries[lang][key] ?? dictionaries.zh_CN[key] ?? key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (m, name) => (params[name] !== undefined ? String(params[name]) : m))
}

export function normaliseLang(v: unknown): Lang | null {
  if (v === 'en' || v === 'en_US' || v === 'en-US') return 'en'
  if (v === 'zh_CN' || v === 'zh' || v === 'zh-CN') return 'zh_CN'
  return null
}
