import { dictionaries, translate, normaliseLang } from '@/lib/i18n'

describe('i18n', () => {
  const zh = Object.keys(dictionaries.zh_CN)
  const en = Object.keys(dictionaries.en)

  it('has every key in both languages (English is complete)', () => {
    expect(zh.filter((k) => !(k in dictionaries.en))).toEqual([])
    expect(en.filter((k) => !(k in dictionaries.zh_CN))).toEqual([])
    expect(zh.length).toBeGreaterThan(20)
  })

  it('has no empty or untranslated English strings', () => {
    const cjk = /[\u4e00-\u9fff]/
    // the language switch names the *other* language, so it is Chinese in the English dictionary
    const allowed = new Set(['common.language'])
    const offenders = en.filter((k) => !allowed.has(k) && (!dictionaries.en[k].trim() || cjk.test(dictionaries.en[k])))
    expect(offenders).toEqual([])
  })

  it('interpolates parameters and falls back to the key', () => {
    expect(translate('en', 'route.jzml')).toBe('Donor directory')
    expect(translate('zh_CN', 'route.jzml')).toBe('捐赠名录')
    expect(translate('en', 'no.such.key')).toBe('no.such.key')
  })

  it('normalises language codes', () => {
    expect(normaliseLang('en')).toBe('en')
    expect(normaliseLang('zh_CN')).toBe('zh_CN')
    expect(normaliseLang('fr')).toBeNull()
  })
})
