/**
 * Directory sort (docs/product §4): the orders cycle time-desc, time-asc, money-desc, money-asc (DIRECTORY_ORDER_CYCLE).
 * The control shows two toggles, Time and Amount: tapping the active one flips its direction, tapping the other
 * switches to it, newest/largest first. Tapping Time, Amount, Amount, Time from the default walks the whole cycle.
 */
import { DIRECTORY_ORDER_CYCLE, type DirectoryOrder } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export type SortKey = 'time' | 'money'
export type SortDir = 'desc' | 'asc'

const BY_KEY: Record<SortKey, Record<SortDir, DirectoryOrder>> = {
  time: { desc: '', asc: 'donate_time_asc' },
  money: { desc: '1', asc: 'donate_money_asc' }
}

export function sortKeyOf(order: DirectoryOrder): SortKey {
  return order === '1' || order === 'donate_money_asc' ? 'money' : 'time'
}

export function sortDirOf(order: DirectoryOrder): SortDir {
  return order === 'donate_time_asc' || order === 'donate_money_asc' ? 'asc' : 'desc'
}

/** The order after tapping the `key` toggle. */
export function toggleOrder(current: DirectoryOrder, key: SortKey): DirectoryOrder {
  if (sortKeyOf(current) !== key) return BY_KEY[key].desc
  return BY_KEY[key][sortDirOf(current) === 'desc' ? 'asc' : 'desc']
}

/** A school's configured starting order; anything unknown falls back to newest first. */
export function initialOrder(configured: unknown): DirectoryOrder {
  return DIRECTORY_ORDER_CYCLE.includes(configured as DirectoryOrder) ? (configured as DirectoryOrder) : ''
}

/** i18n key describing an order in words ("newest first"). */
export function orderLabelKey(order: DirectoryOrder): MessageKey {
  switch (order) {
    case 'donate_time_asc':
      return 'directory.order.timeAsc'
    case '1':
      return 'directory.order.moneyDesc'
    case 'donate_money_asc':
      return 'directory.order.moneyAsc'
    default:
      return 'directory.order.timeDesc'
  }
}
