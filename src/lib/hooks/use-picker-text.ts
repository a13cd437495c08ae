/**
 * The buttons of Taro's H5 picker in the app's language: it writes 取消 / 确定 itself unless told otherwise, so an
 * English page showed Chinese on every picker. The mini-programs' native pickers follow the phone's language and
 * ignore this.
 */
import { useMemo } from 'react'
import { useT } from '@/store/session'

export function usePickerText(): { okText: string; cancelText: string } {
  const t = useT()
  return useMemo(() => ({ okText: t('common.confirm'), cancelText: t('common.cancel') }), [t])
}
