/**
 * Bottom bar (docs/product §2, §4): invite friend (一起捐) and donate, or the naming button for naming projects; a closed
 * project greys the button and shows noReason; a school without online donation shows its offline contact notice.
 * Routes of later issues go through openOrSoon (navigation.ts).
 */
import { View, Text } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import type { Project } from '@contract'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import { bottomActions } from '../../model/project'
import { openOrSoon } from '../../navigation'
import 'taro-ui/lib/style/components/button.scss'
import './bottom-bar.scss'
import { tokenColor } from '@/styles/colors'

// closed: a quiet grey that still reads well, since noReason is the button's text
const CLOSED = { background: tokenColor.bgPlaceholder, borderColor: tokenColor.bgPlaceholder, color: tokenColor.textMuted }

export default function BottomBar({ project }: { project: Project }) {
  const t = useT()
  const theme = useTheme()
  const settings = useSession((s) => s.settings)
  const actions = bottomActions(project, settings)

  if (actions.offlineNotice !== null) {
    return (
      <View className='pj-bar pj-bar--notice' data-testid='offline-notice'>
        <Text className='pj-bar__notice-title'>{t('project.offline.title')}</Text>
        <Text className='pj-bar__notice-text'>{actions.offlineNotice || t('project.offline.fallback')}</Text>
      </View>
    )
  }

  const { primary, invite } = actions
  return (
    <View className='pj-bar'>
      {invite ? (
        <View className='pj-bar__invite' data-testid='invite-button'>
          <AtButton
            disabled={!invite.enabled}
            customStyle={invite.enabled ? { color: theme, borderColor: theme } : CLOSED}
            onClick={() => openOrSoon(invite.target)}
          >
            {t('project.action.invite')}
          </AtButton>
        </View>
      ) : null}
      {primary ? (
        <View className='pj-bar__primary' data-testid='donate-button'>
          <AtButton
            type='primary'
            disabled={!primary.enabled}
            customStyle={primary.enabled ? { background: theme, borderColor: theme } : CLOSED}
            onClick={() => openOrSoon(primary.target, primary.kind === 'donate' ? 'project.donateSoon' : 'project.comingSoon')}
          >
            {primary.enabled
              ? t(primary.kind === 'donate' ? 'project.action.donate' : 'project.action.naming')
              : primary.reason || t('project.action.closed')}
          </AtButton>
        </View>
      ) : null}
    </View>
  )
}
