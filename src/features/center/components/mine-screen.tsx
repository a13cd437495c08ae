/** mine (docs/product §2 Personal centre): profile, bind prompt, links, awards; nickname popup and avatar editor. */
import { useMemo, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { LangSwitch } from '@/components/page-shell'
import { platform } from '@/platform'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import { useMine } from '../hooks/use-mine'
import { awardsView, profileView } from '../model/profile'
import { openRoute } from '../navigation'
import AwardsGrid from './awards-grid'
import BindPrompt from './bind-prompt'
import MenuList from './menu-list'
import NicknamePopup from './nickname-popup'
import ProfileCard from './profile-card'
import './mine-screen.scss'
import { pressable } from '@/lib/a11y'
import { PrivacyActions } from '@/features/privacy'

export default function MineScreen({ now = () => new Date() }: { now?: () => Date }) {
  const t = useT()
  const theme = useTheme()
  const school = useSession((s) => s.baseConfig?.title || '')
  const { status, data, reload } = useMine()
  const [nickOpen, setNickOpen] = useState(false)
  const profile = useMemo(() => (data.user ? profileView(data.user, platform.assetUrl) : null), [data.user])
  const awards = useMemo(() => awardsView(data.awards, platform.assetUrl), [data.awards])

  if (!profile) {
    return (
      <View className='mine-state' data-testid={`mine-${status}`}>
        <Text className='mine-state__msg'>
          {status === 'error' ? t('common.loadFailed') : t(status === 'signing-in' ? 'center.signingIn' : 'common.loading')}
        </Text>
        {status === 'error' ? (
          <View className='mine-state__retry' {...pressable(reload)} data-testid='mine-retry'>
            {t('common.retry')}
          </View>
        ) : null}
      </View>
    )
  }

  return (
    <View className='mine' data-testid='mine-screen'>
      <View className='mine__band' style={{ background: theme }}>
        <Text className='mine__school'>{school}</Text>
        <LangSwitch />
      </View>
      <ProfileCard profile={profile} hour={now().getHours()} onAvatar={() => openRoute('cut')} onNickname={() => setNickOpen(true)} />
      {profile.showBind ? <BindPrompt notes={profile.loginNotes} /> : null}
      <MenuList receipts={data.receipts} />
      <AwardsGrid awards={awards} />
      <PrivacyActions />
      <View className='mine__foot' />
      <NicknamePopup open={nickOpen} current={profile.nickname} onClose={() => setNickOpen(false)} onSaved={reload} />
    </View>
  )
}
