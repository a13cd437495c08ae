/**
 * The invite page (route `together-share?id`, docs/product §2 Joint donation): the sponsor and slogan, the progress
 * toward the target (raised and target with thousands separators, percent capped at 100), the donors' avatars, 'give
 * to this' into the donation form with the joint donation's id, its own share card, and for its sponsor a cancel
 * while nothing is raised (docs/product §4; 取消成功, §8). Opens for visitors too: a friend arrives by a shared link.
 */
import { useMemo, useState } from 'react'
import Taro from '@tarojs/taro'
import { Button, Image, Text, View } from '@tarojs/components'
import { AtButton, AtProgress } from 'taro-ui'
import { PAGE_SIZE, ResultCode } from '@contract'
import LoadState from '@/components/load-state'
import ContentText from '@/components/content-text'
import { PosterButton, useShareCard } from '@/features/share'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { copyText } from '@/lib/clipboard'
import { quiet, toast } from '@/lib/quiet'
import { ApiError } from '@/lib/request'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { textShade } from '@/styles/theme'
import { cancelTogether, fetchTogetherDetail, fetchTogetherDonors, fetchTogetherPoster } from '../api/together'
import { donorView, shareView, type ShareView } from '../model/share'
import 'taro-ui/lib/style/components/button.scss'
import 'taro-ui/lib/style/components/progress.scss'
import './share-screen.scss'
import { imageAlt } from '@/lib/a11y'

/** avatars shown in the strip; the rest are behind 'see all' */
const STRIP = 12
/** docs/product §8: the toast stays 1 s before the page goes */
const AFTER_CANCEL_MS = 1000

function Donors({ id }: { id: number }) {
  const t = useT()
  const donors = useData(() => fetchTogetherDonors(id, 0, PAGE_SIZE.TOGETHER_AVATARS), [id])
  const rows = useMemo(() => (donors.data?.rows ?? []).map((r) => donorView(r, platform.assetUrl)), [donors.data])
  return (
    <View className='tg-share__card' data-testid='share-donors'>
      <View className='tg-share__card-head'>
        <Text className='tg-share__card-title'>{t('together.share.donors')}</Text>
        {rows.length ? (
          <Text
            className='tg-share__more'
            data-testid='share-donors-all'
            onClick={() => platform.nav.to(routeUrl('together-list', { id }))}
          >
            {t('together.share.donorsAll')} ›
          </Text>
        ) : null}
      </View>
      {rows.length ? (
        <View className='tg-share__avatars'>
          {rows.slice(0, STRIP).map((r) => (
            <View key={r.id} className='tg-share__donor' data-testid='share-donor'>
              {r.avatar ? (
                <Image {...imageAlt('')} className='tg-share__avatar' src={r.avatar} mode='aspectFill' />
              ) : (
                <View className='tg-share__avatar tg-share__avatar--text'>
                  <Text data-content=''>{Array.from(r.name.trim())[0] || '·'}</Text>
                </View>
              )}
              <Text className='tg-share__donor-name' data-content=''>
                {r.name}
              </Text>
            </View>
          ))}
        </View>
      ) : (
        <Text className='tg-share__empty' data-testid='share-no-donors'>
          {donors.status === 'loading' ? t('common.loading') : t('together.share.noDonors')}
        </Text>
      )}
    </View>
  )
}

/**
 * Inviting friends from the page itself, not only from the platform's menu: the mini-programs' share sheet (a button
 * with open-type share, the card this page set); in a browser the system share sheet where there is one, else the
 * page's link copied.
 */
function InviteButton({ v }: { v: ShareView }) {
  const t = useT()
  const theme = useTheme()
  const style = { color: theme, borderColor: theme }
  if (platform.env().target !== 'h5') {
    return (
      <Button className='tg-share__invite' openType='share' style={style} data-testid='share-invite'>
        {t('together.share.invite')}
      </Button>
    )
  }
  const invite = () => {
    const url = typeof window !== 'undefined' ? window.location.href : ''
    const nav = (typeof navigator !== 'undefined' ? navigator : null) as (Navigator & { share?: (d: ShareData) => Promise<void> }) | null
    if (nav?.share) {
      nav
        .share({ title: t('together.share.shareTitle', { name: v.sponsor, project: v.projectName }), text: v.slogan, url })
        .catch(() => undefined)
    } else copyText(url, t('together.share.linkCopied'))
  }
  return (
    <View className='tg-share__invite' style={style} role='button' data-testid='share-invite' onClick={invite}>
      {t('together.share.invite')}
    </View>
  )
}

/**
 * The invite poster (docs/decisions/084-joint-invite-poster-and-link.md): drawn by the server with a QR code of the
 * invite page, shown over the page with save and copy-link, on every platform (a link cannot go to Moments or a
 * printed notice; a mini-program's share button gives no link to copy).
 */
function InvitePoster({ v }: { v: ShareView }) {
  const t = useT()
  const theme = useTheme()
  return (
    <PosterButton
      load={() => fetchTogetherPoster(v.id)}
      words={{
        open: t('together.share.poster'),
        loading: t('together.share.posterLoading'),
        alt: t('together.share.posterAlt'),
        linkCopied: t('together.share.linkCopied')
      }}
      className='tg-share__invite tg-share__poster-open'
      style={{ color: theme, borderColor: theme }}
    />
  )
}

function Share({ v, onCancelled }: { v: ShareView; onCancelled(): void }) {
  const t = useT()
  const theme = useTheme()
  const [busy, setBusy] = useState(false)

  const cancel = () =>
    quiet(async () => {
      const answer = await Taro.showModal({
        content: t('together.share.cancelConfirm'),
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
        // text on white: the school colour's text shade (a light school colour is unreadable there)
        confirmColor: textShade(theme)
      })
      if (!answer.confirm || busy) return
      setBusy(true)
      try {
        await cancelTogether(v.id)
        toast(t('together.share.cancelled'), AFTER_CANCEL_MS)
        setTimeout(onCancelled, AFTER_CANCEL_MS)
      } catch {
        // the request toasted why (someone gave meanwhile); the page stays
        setBusy(false)
      }
    })

  return (
    <View className='tg-share' data-testid='together-share'>
      <View className='tg-share__hero' style={{ background: theme }}>
        <View className='tg-share__who'>
          {v.avatar ? (
            <Image {...imageAlt('')} className='tg-share__sponsor-avatar' src={v.avatar} mode='aspectFill' />
          ) : (
            <View className='tg-share__sponsor-avatar tg-share__avatar--text'>
              <Text data-content=''>{Array.from(v.sponsor.trim())[0] || '·'}</Text>
            </View>
          )}
          <ContentText
            t={t}
            k='together.share.startedBy'
            param='name'
            value={v.sponsor}
            className='tg-share__sponsor'
            testId='share-sponsor'
          />
        </View>
        <Text className='tg-share__slogan' data-testid='share-slogan' data-content=''>
          “{v.slogan}”
        </Text>
      </View>

      <View className='tg-share__card tg-share__stats' data-testid='share-progress'>
        <View className='tg-share__figures'>
          <View className='tg-share__figure'>
            <Text className='tg-share__value' style={{ color: theme }} data-testid='share-raised'>
              ¥{v.raised}
            </Text>
            <Text className='tg-share__label'>{t('together.share.raised')}</Text>
          </View>
          <View className='tg-share__figure'>
            <Text className='tg-share__value' data-testid='share-target'>
              {v.target ? `¥${v.target}` : t('together.share.noTarget')}
            </Text>
            <Text className='tg-share__label'>{t('together.share.target')}</Text>
          </View>
          <View className='tg-share__figure'>
            <Text className='tg-share__value' data-testid='share-people'>
              {t('together.share.peopleValue', { n: v.people })}
            </Text>
            <Text className='tg-share__label'>{t('together.share.people')}</Text>
          </View>
        </View>
        {v.percent !== null ? (
          <View className='tg-share__bar'>
            <AtProgress percent={v.percent} color={theme} strokeWidth={8} isHidePercent />
            <Text className='tg-share__pct' style={{ color: theme }} data-testid='share-percent'>
              {t('together.share.progress', { percent: v.percent.toFixed(2) })}
            </Text>
          </View>
        ) : null}
      </View>

      <View
        className='tg-share__card tg-share__project'
        data-testid='share-project'
        onClick={() => platform.nav.to(routeUrl('subject-detail', { id: v.itemsId }))}
      >
        {v.thumb ? (
          <Image {...imageAlt('')} className='tg-share__thumb' src={v.thumb} mode='aspectFill' />
        ) : (
          <View className='tg-share__thumb' />
        )}
        <View className='tg-share__pbody'>
          <Text className='tg-share__pname'>{v.projectName}</Text>
          {v.projectIntro ? <Text className='tg-share__pintro'>{v.projectIntro}</Text> : null}
        </View>
      </View>

      {/* a new count of donors reloads the strip */}
      <Donors key={v.people} id={v.id} />

      <Text className='tg-share__hint' data-testid='share-hint'>
        {t(v.held ? 'together.share.held' : 'together.share.inviteHint')}
      </Text>

      <View className='tg-share__actions'>
        <View data-testid='share-give'>
          <AtButton
            type='primary'
            disabled={!v.canGive}
            customStyle={v.canGive ? { background: theme, borderColor: theme } : undefined}
            onClick={() => platform.nav.to(routeUrl('form', { id: v.itemsId, togetherId: v.id }))}
          >
            {v.canGive ? t('together.share.give') : v.noReason || t('together.launch.closed')}
          </AtButton>
        </View>
        {/* held text is nobody's to share yet (docs/decisions/042) */}
        {v.held ? null : <InviteButton v={v} />}
        {v.held ? null : <InvitePoster v={v} />}
        {v.canCancel ? (
          <View className='tg-share__cancel' data-testid='share-cancel'>
            <AtButton type='secondary' loading={busy} disabled={busy} customStyle={{ color: theme, borderColor: theme }} onClick={cancel}>
              {t('together.share.cancel')}
            </AtButton>
          </View>
        ) : null}
      </View>
    </View>
  )
}

export default function ShareScreen() {
  const t = useT()
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const id = Number(q.id) || 0
  const state = useData(() => fetchTogetherDetail(id), [id], { enabled: id > 0 })
  const v = useMemo(() => (state.data ? shareView(state.data, platform.assetUrl) : null), [state.data])
  const path = routeUrl('together-share', { id })
  // held text never becomes a share card (docs/decisions/042): the page's plain title instead
  useShareCard(
    v && !v.held
      ? {
          title: t('together.share.shareTitle', { name: v.sponsor, project: v.projectName }),
          desc: v.slogan,
          path,
          imageUrl: v.thumb || undefined
        }
      : null,
    { title: t('route.together-share'), path }
  )
  const toMine = () => platform.nav.redirect(routeUrl('mine-together'))
  if (!id) return <LoadState state={state} className='tg-state' testId='share-state' missing={t('together.share.gone')} />
  if (!v) {
    // a cancelled or unknown one answers -1 with its reason: shown, not retried
    const e = state.status === 'error' ? state.error : null
    const gone = e instanceof ApiError && !e.network && e.code === ResultCode.ERROR ? e.message : ''
    return <LoadState state={state} className='tg-state' testId='share-state' missing={gone || undefined} />
  }
  return <Share v={v} onCancelled={toMine} />
}
