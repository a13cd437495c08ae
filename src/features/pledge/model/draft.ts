/**
 * docs/product §2 tree-naming-hhu/form is kept alive: what the donor typed survives the trip to the agreement preview and
 * back, even where the platform rebuilds the page (an H5 reload of the route, a mini-program that dropped it). Held in
 * memory for the app's session only: donor details are not written to storage.
 */
import type { TreeFormState } from './form'

const drafts = new Map<string, TreeFormState>()

export const draftKey = (itemsId: number, seatId: number, type: number): string => `${type}:${itemsId}:${seatId}`

export function readDraft(key: string): TreeFormState | undefined {
  return drafts.get(key)
}

export function saveDraft(key: string, state: TreeFormState): void {
  drafts.set(key, state)
}

/** Paid: the next pledge starts empty. */
export function dropDraft(key: string): void {
  drafts.delete(key)
}
