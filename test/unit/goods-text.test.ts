import type { DonationRecord, MyTogetherDonation } from '@contract'
import { translate, type Translate } from '@/lib/i18n'
import { goodsText } from '@/lib/goods'
import { toDonorRow } from '@/features/directory/model/donor-row'
import { giftAmount } from '@/features/center/model/donations'
import { togetherRow } from '@/features/center/model/together'

const zh: Translate = (key, params) => translate('zh_CN', key, params)
const en: Translate = (key, params) => translate('en', key, params)

describe('a count of goods in its unit (src/lib/goods.ts)', () => {
  it('reads as count and unit in English ("7 × book", not "7 book") and is unchanged in Chinese', () => {
    expect(goodsText(en, 7, 'book')).toBe('7 × book')
    expect(goodsText(en, 4, 'set')).toBe('4 × set')
    expect(goodsText(en, 1, 'box')).toBe('1 × box')
    // a project with no English unit: its Chinese unit, still apart from the count
    expect(goodsText(en, 30, '箱')).toBe('30 × 箱')
    expect(goodsText(zh, 30, '箱')).toBe('30 箱')
    expect(goodsText(zh, 12, '册')).toBe('12 册')
  })

  it('a project without a unit shows the count alone, with no dangling sign', () => {
    expect(goodsText(en, 5, '')).toBe('5')
    expect(goodsText(en, 5, null)).toBe('5')
    expect(goodsText(zh, 5, '  ')).toBe('5')
  })

  it('the directory, my gifts and my joint donations word goods so', () => {
    const record = {
      id: 1,
      crowdType: 2,
      donateMaterialNumber: 7,
      materialUnit: 'book',
      donateMoney: '0.00',
      donateTime: '2026-11-28 07:24:05'
    }
    expect(toDonorRow(record as unknown as DonationRecord, en, (u) => u).amountText).toBe('7 × book')
    expect(toDonorRow(record as unknown as DonationRecord, zh, (u) => u).amountText).toBe('7 book')
    const gift = { crowdType: 2 as const, donateMoney: '0.00', donateMaterialNumber: 4, materialUnit: 'set' }
    expect(giftAmount(gift, en)).toBe('4 × set')
    expect(giftAmount({ ...gift, materialUnit: '套' }, zh)).toBe('4 套')
    const together = {
      id: 3,
      avatar: '',
      sponsor: 'A caring alumnus',
      itemsName: 'Books',
      slogan: '',
      participants: 2,
      createDate: '2026-11-28 07:24:05',
      materialUnit: 'book',
      completeMoney: '0.00',
      completeMaterialNumber: 9,
      isTarget: 0,
      targetMoney: '0.00'
    } as unknown as MyTogetherDonation
    expect(togetherRow(together, en).raised).toBe('Raised 9 × book')
    expect(togetherRow({ ...together, materialUnit: '本' }, zh).raised).toBe('已筹 9 本')
  })
})
