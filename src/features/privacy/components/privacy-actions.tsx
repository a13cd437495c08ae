/**
 * The personal centre's privacy rows (docs/decisions/041): the policy, the download of one's own data (H5 a file;
 * the mini-programs share or copy it through the platform adapter) and account deletion after a confirmation.
 */
import { useRef } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { pressable } from '@/lib/a11y'
import { useTheme } from '@/lib/hooks/use-page-title'
import { toast } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { tokenColor } from '@/styles/colors'
import { deleteAccount, fetchExport } from '../api/privacy'
import { exportFileName } from '../model/policy'
import { openPolicy } from './privacy-link'
import './privacy-actions.scss'

export default function PrivacyActions() {
  const t = useT()
  const theme = useTheme()
  const busy = useRef(false)

  const download = async () => {
    if (busy.current) return
    busy.current = true
    try {
      const data = await fetchExport()
      const how = await platform.media.saveTextFile(exportFileName(data.school.code, data.exportedAt), JSON.stringify(data, null, 2))
      toast(t(`privacy.export.${how}`), 2000)
    } catch {
      // request() has shown the server's message
    } finally {
      busy.current = false
    }
  }

  const remove = async () => {
    if (busy.current) return
    const answer = await Taro.showModal({
      title: t('privacy.delete.title'),
      content: t('privacy.delete.body'),
      confirmText: t('privacy.delete.confirm'),
      cancelText: t('privacy.delete.cancel'),
      confirmColor: '#c8102e'
    }).catch(() => ({ confirm: false }))
    if (!answer.confirm) return
    busy.current = true
    try {
      await deleteAccount()
      useSession.getState().clearToken()
      toast(t('privacy.delete.done'), 2000, { announcesNavigation: true })
      platform.nav.redirect(routeUrl('home'))
    } catch {
      // request() has shown the server's message
    } finally {
      busy.current = false
    }
  }

  const rows = [
    { key: 'policy', icon: 'lock', label: t('privacy.menu.policy'), run: openPolicy },
    { key: 'export', icon: 'download', label: t('privacy.menu.export'), run: download },
    { key: 'delete', icon: 'close-circle', label: t('privacy.menu.delete'), run: remove }
  ]
  return (
    <View className='privacy-actions' data-testid='privacy-actions'>
      {rows.map((r) => (
        <View key={r.key} className='privacy-actions__row' {...pressable(r.run)} data-testid={`privacy-${r.key}`}>
          <View className='privacy-actions__icon'>
            <AtIcon value={r.icon} size='18' color={r.key === 'delete' ? tokenColor.borderControl : theme} />
          </View>
          <Text className={`privacy-actions__label ${r.key === 'delete' ? 'privacy-actions__label--quiet' : ''}`}>{r.label}</Text>
          <AtIcon value='chevron-right' size='16' color={tokenColor.borderControl} />
        </View>
      ))}
    </View>
  )
}
