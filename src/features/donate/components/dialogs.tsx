/**
 * The form's dialogs: the large-amount reminder (remindContent, sanitised) and the alumni reminder of docs/product §6.
 * Alumni login: inside the WeChat browser the reminder carries WeChat's open tag that launches the school's alumni
 * mini-program (it renders only once the page's JS-SDK is configured with open tags); in any other browser the
 * reminder offers the alumni sign-in (the login page, back to this page after) beside close (decision 061).
 */
import { Button, RichText, Text, View } from '@tarojs/components'
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { sanitizeHtml } from '@/lib/sanitize'
import { useT } from '@/store/session'
import { useTheme } from '@/lib/hooks/use-page-title'
import { themeVars } from '@/styles/theme'
import { fetchAlumniLaunch } from '../api/donate'
import { alumniSignIn } from '../hooks/use-permission'
import 'taro-ui/lib/style/components/modal.scss'
import './dialogs.scss'

export function LargeRemindDialog({
  open,
  content,
  onConfirm,
  onCancel
}: {
  open: boolean
  content: string
  onConfirm(): void
  onCancel(): void
}) {
  const t = useT()
  const theme = useTheme()
  const html = sanitizeHtml(content, platform.assetUrl)
  return (
    <AtModal className='dn-modal' isOpened={open} closeOnClickOverlay={false} onClose={onCancel}>
      <AtModalHeader>{t('donate.large.title')}</AtModalHeader>
      <AtModalContent>
        <View className='dn-dialog__body' data-testid='large-remind'>
          {html ? <RichText nodes={html} /> : <Text>{t('donate.large.fallback')}</Text>}
        </View>
      </AtModalContent>
      <AtModalAction>
        <Button onClick={onCancel} data-testid='large-cancel'>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} style={{ color: theme }} data-testid='large-confirm'>
          {t('donate.large.confirm')}
        </Button>
      </AtModalAction>
    </AtModal>
  )
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] as string)

/** WeChat's <wx-open-launch-weapp> (H5 inside WeChat only): the button inside is drawn by WeChat. */
export function AlumniLaunch({ label }: { label: string }) {
  const launch = useData(fetchAlumniLaunch, []).data
  // WeChat draws the template apart from the page, so the page's --theme-color does not reach it; themeVars gives a
  // checked #rrggbb (nothing from the config is written into the style attribute as it is)
  const color = themeVars(useTheme())['--theme-color']
  if (!launch) return null
  const html =
    `<wx-open-launch-weapp appid="${escapeAttr(launch.appid)}" path="${escapeAttr(launch.path)}">` +
    `<script type="text/wxtag-template"><button style="width:100%;height:44px;border:0;background:transparent;font-size:16px;color:${color}">${escapeAttr(label)}</button></script>` +
    '</wx-open-launch-weapp>'
  return <View className='dn-dialog__launch' data-testid='alumni-login' dangerouslySetInnerHTML={{ __html: html }} />
}

export function AlumniDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT()
  const env = platform.env()
  const canLaunch = env.target === 'h5' && env.inWechatBrowser && !env.inMiniProgram
  return (
    <AtModal className='dn-modal' isOpened={open} onClose={onClose}>
      <AtModalHeader>{t('donate.alumni.title')}</AtModalHeader>
      <AtModalContent>
        <View className='dn-dialog__body' data-testid='alumni-dialog'>
          <Text>{t('donate.alumni.text')}</Text>
        </View>
        {open && canLaunch ? <AlumniLaunch label={t('donate.alumni.login')} /> : null}
      </AtModalContent>
      <AtModalAction>
        <Button onClick={onClose} data-testid='alumni-close'>
          {t('common.close')}
        </Button>
        {canLaunch ? null : <AlumniSignInButton label={t('donate.alumni.login')} onDone={onClose} />}
      </AtModalAction>
    </AtModal>
  )
}

/** The alumni reminder's second button outside WeChat's browser: the login page for a certified alumnus's account. */
export function AlumniSignInButton({ label, onDone }: { label: string; onDone(): void }) {
  const theme = useTheme()
  return (
    <Button
      onClick={() => {
        onDone()
        alumniSignIn()
      }}
      style={{ color: theme }}
      data-testid='alumni-sign-in'
    >
      {label}
    </Button>
  )
}
