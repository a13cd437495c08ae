/**
 * The campaign home's background music (docs/product §2: music toggle). Nothing plays until the donor turns it on (browsers
 * and mini-programs refuse sound without a tap anyway); leaving the page stops it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { useData } from './use-data'
import { quiet } from '@/lib/quiet'
import { request } from '@/lib/request'
import { Api, NAMING_MUSIC_SETTING } from '@contract'

/** The campaign's background music (types/naming.ts NAMING_MUSIC_SETTING): the URL for this item, or ''. */
async function fetchCampaignMusic(itemsId: number): Promise<string> {
  try {
    const raw = await request<string>({ path: Api.getSettingValue, query: { key: NAMING_MUSIC_SETTING }, auth: false, silent: true })
    const map = raw ? JSON.parse(raw) : null
    const url = map && typeof map === 'object' ? map[String(itemsId)] : ''
    return typeof url === 'string' ? url : ''
  } catch {
    return ''
  }
}

export function useMusic(itemsId: number): { available: boolean; playing: boolean; toggle(): void } {
  const src = useData(() => fetchCampaignMusic(itemsId), [itemsId], { enabled: itemsId > 0 }).data || ''
  const [playing, setPlaying] = useState(false)
  const audio = useRef<Taro.InnerAudioContext | null>(null)

  useEffect(
    () => () => {
      if (audio.current) quiet(() => audio.current?.destroy())
      audio.current = null
    },
    []
  )

  const toggle = useCallback(() => {
    if (!src) return
    if (!audio.current) {
      try {
        const a = Taro.createInnerAudioContext()
        a.src = platform.assetUrl(src)
        a.loop = true
        a.onError(() => setPlaying(false))
        audio.current = a
      } catch {
        return
      }
    }
    const a = audio.current
    if (playing) {
      quiet(() => a.pause())
      setPlaying(false)
    } else {
      quiet(() => a.play())
      setPlaying(true)
    }
  }, [src, playing])

  return { available: !!src, playing, toggle }
}
