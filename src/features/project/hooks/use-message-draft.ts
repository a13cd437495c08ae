/**
 * A message typed before signing in survives the H5 authorisation round trip: it is saved under the typed
 * storage key `leaveMessageDraft` when ensureLogin() leaves the page, and handed back once on return.
 */
import { store } from '@/platform/storage-keys'

export function saveDraft(itemsId: number, content: string): void {
  store.set('leaveMessageDraft', { itemsId, content })
}

export function hasDraft(itemsId: number): boolean {
  const d = store.get('leaveMessageDraft')
  return !!d && d.itemsId === itemsId && !!d.content
}

/** The saved draft of this project, removed from storage as it is taken. */
export function takeDraft(itemsId: number): string {
  const d = store.get('leaveMessageDraft')
  if (!d || d.itemsId !== itemsId) return ''
  store.remove('leaveMessageDraft')
  return d.content || ''
}
