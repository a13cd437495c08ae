/** mine's links (docs/product §2): records, joint donations, monthly gifts, naming, certificates, and receipts when the school has them on. */
import { Text, View } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { openRoute } from '../navigation'
import type { MessageKey } from '@/lib/i18n'
import './menu-list.scss'
import { tokenColor } from '@/styles/colors'
import { pressable } from '@/lib/a11y'

interface Entry {
  route: string
  label: MessageKey
  icon: string
}

export function menuEntries(receipts: boolean): Entry[] {
  const all: Entry[] = [
    { route: 'mine-don', label: 'center.menu.don', icon: 'heart' },
    { route: 'mine-together', label: 'center.menu.together', icon: 'share-2' },
    { route: 'mine-monthly', label: 'center.menu.monthly', icon: 'reload' },
    { route: 'mine-gm', label: 'center.menu.gm', icon: 'tags' },
    { route: 'mine-certificate', label: 'center.menu.certificate', icon: 'bookmark' },
    { route: 'mine-paper', label: 'center.menu.paper', icon: 'file-generic' },
    { route: 'mine-statement', label: 'center.menu.statement', icon: 'calendar' },
    { route: 'mine-notice', label: 'center.menu.notice', icon: 'bell' }
  ]
  return receipts ? all : all.filter((e) => e.route !== 'mine-paper')
}

export default function MenuList({ receipts }: { receipts: boolean }) {
  const t = useT()
  const theme = useTheme()
  return (
    <View className='mine-menu' data-testid='mine-menu'>
      {menuEntries(receipts).map((e) => (
        <View key={e.route} className='mine-menu__row' {...pressable(() => openRoute(e.route))} data-testid={`menu-${e.route}`}>
          <View className='mine-menu__icon'>
            <AtIcon value={e.icon} size='18' color={theme} />
          </View>
          <Text className='mine-menu__label'>{t(e.label)}</Text>
          <AtIcon value='chevron-right' size='16' color={tokenColor.borderControl} />
        </View>
      ))}
    </View>
  )
}
