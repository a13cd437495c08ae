import { keepShared, sharedModules, subpackagesUsing } from '../../config/mini-shared'

describe('a module several subpackages use stays in the main package once (docs/decisions/052)', () => {
  it('names the subpackages whose pages use a module, or null when a main-package page does', () => {
    expect([...subpackagesUsing(['pkg-naming/seat/index', 'pkg-mine/mine-gm/index', 'pkg-naming/edit/index'])!].sort()).toEqual([
      'pkg-mine',
      'pkg-naming'
    ])
    expect(subpackagesUsing(['pkg-naming/seat/index', 'pages/home/index'])).toBeNull()
    expect(subpackagesUsing([undefined])).toBeNull()
  })

  it('keeps a module of two subpackages, lets one of a single subpackage move into it', () => {
    const chunksOf = new Map<object, { name: string }[]>()
    const shared = {}
    const single = {}
    chunksOf.set(shared, [{ name: 'pkg-donate/form/index' }, { name: 'pkg-pledge/tree-naming-hhu/form/index' }])
    chunksOf.set(single, [{ name: 'pkg-naming/seat/index' }, { name: 'pkg-naming/edit/index' }])
    const state = sharedModules()
    const keep = keepShared(state)
    // before the compilation is known nothing is kept back
    expect(keep(shared as any)).toBe(false)
    state.compilation = { chunkGraph: { getModuleChunksIterable: (m: object) => chunksOf.get(m) ?? [] } } as any
    expect(keep(shared as any)).toBe(true)
    expect(keep(single as any)).toBe(false)
  })
})
