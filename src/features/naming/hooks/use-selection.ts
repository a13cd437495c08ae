/**
 * The donor's choice (local storage 'gm') as screen state: read on entry and again whenever the page shows (back
 * from the nameplate editor), written on every change so the next page reads what this one shows.
 */
import { useCallback, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { GmSelection } from '@/platform/storage-keys'
import { readSelection, saveSelection } from '../model/selection'

export type UpdateSelection = (fn: (s: GmSelection) => GmSelection) => void

export function useSelection(itemsId: number, namingType: 1 | 2): [GmSelection, UpdateSelection] {
  const [sel, setSel] = useState<GmSelection>(() => readSelection(itemsId, namingType))
  useDidShow(() => setSel(readSelection(itemsId, namingType)))
  const update = useCallback<UpdateSelection>((fn) => {
    setSel((prev) => {
      const next = fn(prev)
      saveSelection(next)
      return next
    })
  }, [])
  return [sel, update]
}
