/**
 * src/lib/area-codes keeps the dialling codes for the life of the module (one fetch per language), so a test file
 * that needs an empty cache in every test mocks it with a stand-in whose loadAreaCodes goes to a copy loaded afresh:
 *
 *   jest.mock('@/lib/area-codes', () => jest.requireActual('./area-code-fixtures').areaCodesPerTest())
 *   beforeEach(() => freshAreaCodes())
 */
import type { Lang } from '@contract'

type AreaCodes = typeof import('@/lib/area-codes')

let current: AreaCodes | null = null

/** A new copy of src/lib/area-codes, with an empty cache, for the stand-in to use from now on. */
export function freshAreaCodes() {
  // the copy calls the app's request(): the one stubApi answers and the session store configures
  const request = jest.requireActual('@/lib/request')
  jest.isolateModules(() => {
    jest.doMock('@/lib/request', () => request)
    current = jest.requireActual<AreaCodes>('@/lib/area-codes')
  })
}

/** The module the app sees in place of src/lib/area-codes. */
export function areaCodesPerTest(): AreaCodes {
  return {
    ...jest.requireActual<AreaCodes>('@/lib/area-codes'),
    loadAreaCodes: (lang: Lang) => {
      if (!current) throw new Error('call freshAreaCodes() in beforeEach')
      return current.loadAreaCodes(lang)
    }
  }
}
