/**
 * The device id (docs/decisions/033-peak-day-order-limits.md): random characters made on first use and kept in the
 * app's storage, sent as the `device` header with every request. The server counts orders per device as well as per
 * donor, so one phone cycling through accounts meets a limit. It identifies an installation, not a person, and holds
 * nothing else.
 */
import { DEVICE_ID_PATTERN } from '@contract'
import { store } from '@/platform/storage-keys'
import { makeNonce } from './sign'

export function deviceId(): string {
  const kept = store.get('device')
  if (typeof kept === 'string' && DEVICE_ID_PATTERN.test(kept)) return kept
  const fresh = makeNonce(32)
  store.set('device', fresh)
  return fresh
}
