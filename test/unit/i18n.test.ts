/**
 * The dictionaries. Literal keys are checked by tsc (t() takes a MessageKey, defineMessages makes both languages
 * carry the same keys); what tsc cannot see are keys built from wire values at run time, so every such family is
 * listed here with the values the contract allows.
 */
import { CertificateStatus, CertificateWay, DonorType, PayTypes, ReceiptStatus, ReceiptType, ReceiptWay } from '@contract'
import { dictionaries, dynamicText, messageKey, normaliseLang, translate, type MessageKey } from '@/lib/i18n'
import { formatMessage, parseLang, type Dictionaries } from '@/lib/i18n/define'
import { dictionaries as serverDictionaries, normaliseLang as serverLang, t as serverT } from '../../server/src/i18n'
import { certificateStatusKey } from '@/features/certificate/model/status'
import { receiptStatusKey } from '@/features/receipt/model/status'

/**
 * The key checks every dictionary gets, the app's and the server's alike (one format and one core,
 * types/i18n.ts, docs/decisions/059-one-route-list.md).
 */
function keyChecks(part: string, dicts: Dictionaries, allowedChinese: readonly string[] = [], ownWording: readonly string[] = []) {
  describe(`${part} dictionary`, () => {
    const zh = Object.keys(dicts.zh_CN)
    const en = Object.keys(dicts.en)
    const cjk = /[\u4e00-\u9fff]/

    it('has every key in both languages (English is complete)', () => {
      expect(zh.filter((k) => !(k in dicts.en))).toEqual([])
      expect(en.filter((k) => !(k in dicts.zh_CN))).toEqual([])
      expect(zh.length).toBeGreaterThan(20)
    })

    it('has no empty or untranslated English strings', () => {
      const allowed = new Set(allowedChinese)
      expect(en.filter((k) => !allowed.has(k) && (!dicts.en[k].trim() || cjk.test(dicts.en[k])))).toEqual([])
    })

    it('says plurals the ICU way, never "(s)", and each plural is well formed', () => {
      expect(en.filter((k) => /\(s\)/.test(dicts.en[k]))).toEqual([])
      const broken = [...zh.map((k) => dicts.zh_CN[k]), ...en.map((k) => dicts.en[k])].filter(
        (v) => /, plural,/.test(v) && formatMessage(v, { n: 1, count: 1, books: 1, copies: 1 }).includes(', plural,')
      )
      expect(broken).toEqual([])
    })

    it('names the same parameters in both languages', () => {
      const names = (v: string) =>
        [...v.matchAll(/\{(\w+)[},]/g)]
          .map((m) => m[1])
          .sort()
          .join(',')
      expect(zh.filter((k) => k in dicts.en && !ownWording.includes(k) && names(dicts.zh_CN[k]) !== names(dicts.en[k]))).toEqual([])
    })
  })
}

// the language switch names the *other* language, so it is Chinese in the English dictionary
keyChecks('app', dictionaries, ['common.language'])
// fieldRequired: in Chinese the form's own input tip ({tip}) is the whole message; English words it from {title}
keyChecks('server', serverDictionaries, [], ['fieldRequired'])

describe('the shared core', () => {
  it('reads a lang value the same way for the app, the server and the console', () => {
    expect(['en', 'en_US', 'en-GB', 'EN', 'zh', 'zh_CN', 'zh-CN', 'fr', '', undefined, ['en']].map(parseLang)).toEqual([
      'en',
      'en',
      'en',
      'en',
      'zh_CN',
      'zh_CN',
      'zh_CN',
      null,
      null,
      null,
      'en'
    ])
    // the server answers in Chinese when the request names neither language
    expect(serverLang('fr')).toBe('zh_CN')
    expect(serverLang('en-GB')).toBe('en')
  })

  it('fills the server messages with the same format as the app', () => {
    expect(serverT('en', 'invalidParam', { field: 'phone' })).toBe('Invalid parameter: phone')
    expect(serverT('zh_CN', 'missingParam', { field: 'phone' })).toBe('缺少参数 phone')
    // a parameter not given stays visible as written
    expect(serverT('en', 'invalidParam')).toBe('Invalid parameter: {field}')
    expect(formatMessage('{n, plural, one {# gift} other {# gifts}} from {who}', { n: 2, who: 'Li' })).toBe('2 gifts from Li')
  })
})

describe('i18n', () => {
  const en = Object.keys(dictionaries.en)

  it('interpolates parameters', () => {
    expect(translate('en', 'route.jzml')).toBe('Donor directory')
    expect(translate('zh_CN', 'route.jzml')).toBe('捐赠名录')
    expect(translate('en', 'directory.totals', { count: 3, money: '¥1,000.00' })).toBe('3 gifts, ¥1,000.00 in total')
  })

  it('says 1 copy and 2 copies in English, and the number alone in Chinese', () => {
    expect(translate('en', 'naming.book.copies', { n: 1 })).toBe('1 copy')
    expect(translate('en', 'naming.book.copies', { n: 2 })).toBe('2 copies')
    expect(translate('en', 'naming.book.count', { books: 1, copies: 3 })).toBe('1 title, 3 copies')
    expect(translate('en', 'naming.seat.count', { n: 1 })).toBe('1 seat chosen')
    expect(translate('en', 'directory.totals', { count: 1, money: '¥5.00' })).toBe('1 gift, ¥5.00 in total')
    expect(translate('zh_CN', 'naming.book.count', { books: 1, copies: 3 })).toBe('1 种 3 本')
    // no English string is left with a "(s)" plural
    expect(en.filter((k) => /\(s\)/.test(dictionaries.en[k as MessageKey]))).toEqual([])
  })

  it('a key built at run time is checked against the dictionary, and an unknown one never reaches the screen', () => {
    expect(messageKey('payment.method.1')).toBe('payment.method.1')
    expect(messageKey('payment.method.7')).toBeUndefined()
    // own keys only: nothing inherited from Object.prototype passes for a key
    expect(messageKey('toString')).toBeUndefined()
    const t = (k: MessageKey) => translate('en', k)
    expect(dynamicText(t, 'payment.method.2')).toBe('Alipay')
    expect(dynamicText(t, 'payment.method.7')).toBe('')
    expect(dynamicText(t, 'receipt.way.9', '9')).toBe('9')
  })

  // Each family of keys the code assembles from a wire value (`${prefix}${value}`), with every value the contract
  // defines: a value without its string would show a fallback instead of its name.
  const families: [string, readonly (string | number)[]][] = [
    ['certificate.status.', Object.values(CertificateStatus)],
    ['receipt.status.', Object.values(ReceiptStatus)],
    ['certificate.way.', Object.values(CertificateWay)],
    ['donate.certificate.way', Object.values(CertificateWay)],
    ['receipt.type.', Object.values(ReceiptType)],
    ['donate.receipt.type', Object.values(ReceiptType)],
    ['receipt.way.', Object.values(ReceiptWay)],
    ['donate.receipt.way', Object.values(ReceiptWay)],
    ['receipt.donorType.', Object.values(DonorType)],
    ['donate.receipt.donorType', Object.values(DonorType)],
    ['payment.method.', Object.values(PayTypes)]
  ]
  it.each(families)('every value of the family %s has its string in both languages', (prefix, values) => {
    const missing = values.map((v) => `${prefix}${v}`).filter((k) => !messageKey(k) || !dictionaries.en[k as MessageKey])
    expect(missing).toEqual([])
  })

  it('status chips: a key for each status of the contract, none for anything else', () => {
    expect(Object.values(CertificateStatus).map((s) => translate('zh_CN', certificateStatusKey(s) as MessageKey))).toEqual([
      '未制作',
      '待邮寄',
      '待领取',
      '已邮寄',
      '已领取'
    ])
    expect(Object.values(ReceiptStatus).every((s) => receiptStatusKey(s) !== '')).toBe(true)
    expect([0, 6, 1.5, -1].map(certificateStatusKey)).toEqual(['', '', '', ''])
    expect([0, 8].map(receiptStatusKey)).toEqual(['', ''])
  })

  it('normalises language codes', () => {
    expect(normaliseLang('en')).toBe('en')
    expect(normaliseLang('zh_CN')).toBe('zh_CN')
    expect(normaliseLang('fr')).toBeNull()
  })
})
