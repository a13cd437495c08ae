/** Privacy calls (types/privacy.ts; docs/decisions/041-privacy-and-account-deletion.md). */
import { Api, type PrivacyExport, type PrivacyPolicy, type PrivacyStatus } from '@contract'
import { request } from '@/lib/request'

/** The school's policy in the app's language; public, no token. */
export function fetchPolicy(silent = false): Promise<PrivacyPolicy> {
  return request<PrivacyPolicy>({ path: Api.privacyPolicy, auth: false, silent })
}

export function agree(version: number): Promise<PrivacyStatus> {
  return request<PrivacyStatus>({ path: Api.privacyConsent, method: 'POST', data: { version } })
}

export function fetchExport(): Promise<PrivacyExport> {
  return request<PrivacyExport>({ path: Api.privacyExport })
}

export function deleteAccount(): Promise<null> {
  return request<null>({ path: Api.deleteAccount, method: 'POST', data: { confirm: true } })
}

/** GET privacyStatus (signed in): the current version and whether the caller has agreed to it. */
export function fetchStatus(): Promise<PrivacyStatus> {
  return request<PrivacyStatus>({ path: Api.privacyStatus })
}
