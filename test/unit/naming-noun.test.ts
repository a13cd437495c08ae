/**
 * What a naming campaign names, in its own noun (src/features/naming/model/noun.ts): a bench, a tree, a building, a
 * brick or an artwork named from a map is never called a seat (座位), in Chinese or English.
 */
import { CampaignKey } from '@contract'
import { translate } from '@/lib/i18n'
import { IDENTITY_NOTE, nounOf, type NamedNoun } from '@/features/naming/model/noun'
import { noObjectKey, validatePledge, blankForm } from '@/features/pledge/model/form'

const ITEMS: Record<string, number> = {
  [CampaignKey.TREE_NAMING]: 3,
  [CampaignKey.TREE_NAMING_GMU]: 4,
  [CampaignKey.HHU_TREE_YC]: 8,
  [CampaignKey.SEAT_NAMING]: 11,
  [CampaignKey.HALL_NAMING]: 12,
  [CampaignKey.BUILD_NAMING]: 13,
  [CampaignKey.WALL_NAMING]: 14,
  [CampaignKey.ARTWORK_NAMING]: 25,
  [CampaignKey.JNU_SEAT]: 1
}

describe('the noun of what a campaign names', () => {
  it.each<[number, NamedNoun]>([
    [3, 'tree'],
    [4, 'tree'],
    [8, 'tree'],
    [11, 'bench'],
    [12, 'seat'],
    [13, 'building'],
    [14, 'brick'],
    [25, 'artwork'],
    [1, 'seat'],
    // a seat project of the school's own, and no item at all
    [99, 'seat'],
    [0, 'seat']
  ])('item %i names a %s', (id, noun) => {
    expect(nounOf(ITEMS, id)).toBe(noun)
  })

  it('says each noun in the nameplate note, the seat word only for seats', () => {
    for (const [noun, key] of Object.entries(IDENTITY_NOTE)) {
      const zh = translate('zh_CN', key)
      const en = translate('en', key)
      expect(zh.includes('座位')).toBe(noun === 'seat')
      expect(/\bseat\b/i.test(en)).toBe(noun === 'seat')
      expect(en.toLowerCase()).toContain(noun)
    }
    expect(translate('zh_CN', IDENTITY_NOTE.bench)).toContain('座椅')
    expect(translate('zh_CN', IDENTITY_NOTE.tree)).toContain('树')
  })
})

describe("the hhu pledge form's missing object in its own noun", () => {
  it('a tree for a tree pledge, seats for the seat pledge (type 2), in both languages', () => {
    expect(translate('en', noObjectKey(1))).toMatch(/tree/)
    expect(translate('en', noObjectKey(2))).toMatch(/seats/)
    expect(translate('zh_CN', noObjectKey(2))).toContain('座位')
    expect(translate('zh_CN', noObjectKey(undefined))).toContain('树')
    const ctx = { fields: [], form: null, agreement: null }
    expect(validatePledge([], blankForm(), { ...ctx, type: 2 })?.key).toBe('pledge.err.noSeat')
    expect(validatePledge([], blankForm(), ctx)?.key).toBe('pledge.err.noTree')
  })
})
