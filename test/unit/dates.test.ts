/** The one date formatter (src/lib/dates.ts): per language, strict about what it reads, the session's language by default. */
import { cutDay, cutMinute, formatDate } from '@/lib/dates'
import { useSession } from '@/store/session'
import { amountMessage } from '@/features/donate/model/amount'
import { translate } from '@/lib/i18n'

afterEach(() => useSession.setState({ lang: 'zh_CN' }))

describe('dates per language', () => {
  it('Chinese: numeric day and minute', () => {
    expect(cutDay('2026-03-04 05:06:07', 'zh_CN')).toBe('2026-03-04')
    expect(cutMinute('2026-03-04 05:06:07', 'zh_CN')).toBe('2026-03-04 05:06')
    expect(cutMinute('2026-03-04', 'zh_CN')).toBe('2026-03-04')
  })
  it('English: month names, no leading zero on the day', () => {
    expect(cutDay('2026-03-04 05:06:07', 'en')).toBe('Mar 4, 2026')
    expect(cutMinute('2026-03-04 05:06:07', 'en')).toBe('Mar 4, 2026 05:06')
    expect(cutMinute('2026-12-31 23:59', 'en')).toBe('Dec 31, 2026 23:59')
    // a bare date has no minute to show
    expect(cutMinute('2026-03-04', 'en')).toBe('Mar 4, 2026')
  })
  it("follows the session's language when none is named", () => {
    useSession.setState({ lang: 'en' })
    expect(cutDay('2026-07-09 10:00:00')).toBe('Jul 9, 2026')
    useSession.setState({ lang: 'zh_CN' })
    expect(cutDay('2026-07-09 10:00:00')).toBe('2026-07-09')
  })
  it('shows nothing for what is not a wire time (never a cut of it), in either language', () => {
    for (const lang of ['zh_CN', 'en'] as const) {
      for (const bad of ['', null, undefined, '2026/03/04', 'soon', '2026-13-01', '04-03-2026'])
        expect(formatDate(bad as any, true, lang)).toBe('')
    }
  })
  it('the English month name does not leak into Chinese after an English call (no global locale)', () => {
    expect(cutDay('2026-03-04', 'en')).toBe('Mar 4, 2026')
    expect(cutDay('2026-03-04', 'zh_CN')).toBe('2026-03-04')
  })
})

describe('amount toasts through the one currency format', () => {
  const form = { minMoney: '5.00' }
  it('the minimum and the ceiling as ¥ amounts in both languages (no "元" after a number)', () => {
    const min = amountMessage('below-min', form)!
    const max = amountMessage('too-large', form)!
    expect(translate('zh_CN', min.key, min.params)).toBe('捐赠金额不能低于¥5.00')
    expect(translate('en', min.key, min.params)).toBe('The minimum gift is ¥5.00')
    expect(translate('zh_CN', max.key, max.params)).toBe('捐赠金额不合法，单笔不能超过¥10,000,000')
    expect(translate('en', max.key, max.params)).toBe('Invalid amount: a single gift cannot exceed ¥10,000,000')
  })
})
