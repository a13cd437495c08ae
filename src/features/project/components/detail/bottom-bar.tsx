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

// closed: no inline colour, so the disabled button's grey of app.scss applies (noReason is the button's text and
// must read at 4.5:1; taro-ui's 30 % opacity faded the old inline grey below that)

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
            customStyle={invite.enabled ? { color: theme, borderColor: theme } : undefined}
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
            customStyle={primary.enabled ? { background: theme, borderColor: theme } : undefined}
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
