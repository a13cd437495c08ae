/**
 * The seeded map images leave the area titles to the app: the map renderer draws each area's title from the config
 * (src/features/map/renderer/map-renderer.ts drawAreas), so a title painted into the image as well showed twice.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { paintMap } from '../src/seed/naming-map-images'
import { namingMapPlans } from '../src/seed/naming-map-plan'

/** A 2d context that draws nothing and keeps every text written. */
function recordingContext(texts: string[]): any {
  const stub: any = new Proxy(() => stub, { get: (_t, k) => (k === 'measureText' ? () => ({ width: 10 }) : stub), apply: () => stub })
  return new Proxy(
    {},
    {
      get: (_t, k) => {
        if (k === 'fillText' || k === 'strokeText') return (text: string) => texts.push(String(text))
        if (k === 'measureText') return (text: string) => ({ width: String(text).length * 10 })
        return stub
      },
      set: () => true
    }
  )
}

describe('seeded map images', () => {
  it('paint no area title: the app draws each once from the config', () => {
    let checked = 0
    for (const school of ['demo', 'hhu', 'cpu']) {
      for (const c of namingMapPlans(school)) {
        for (const m of c.maps) {
          if (!m.zones.length) continue
          const texts: string[] = []
          paintMap(recordingContext(texts), m, [])
          assert.ok(texts.includes(m.title), `${school} ${m.key}: the map's own title card is still painted`)
          for (const z of m.zones) assert.ok(!texts.includes(z.title), `${school} ${m.key}: area '${z.title}' painted into the image`)
          checked++
        }
      }
    }
    assert.ok(checked >= 5, `maps with areas checked: ${checked}`)
  })
})
