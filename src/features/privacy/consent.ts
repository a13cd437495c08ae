/**
 * The consent prompt (docs/decisions/041): a form that collects personal data was refused because the donor has not
 * agreed to the current policy; ask once (one dialog even when several calls are refused together), record the
 * agreement, and let request() send the call again. Declining sends nothing.
 */
import Taro from '@tarojs/taro'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import { agree } from './api/privacy'

let pending: Promise<boolean> | null = null

async function ask(version: number): Promise<boolean> {
  const answer = await Taro.showModal({
    title: t('privacy.consent.title'),
    content: t('privacy.consent.body'),
    confirmText: t('privacy.consent.agree'),
    cancelText: t('privacy.consent.decline')
  }).catch(() => ({ confirm: false }))
  if (!answer.confirm) {
    toast(t('privacy.consent.declined'), 2000)
    return false
  }
  try {
    await agree(version)
    return true
  } catch {
    return false
  }
}

export function askPrivacyConsent(version: number): Promise<boolean> {
  if (!pending) pending = ask(version).finally(() => (pending = null))
  return pending
}
