/**
 * The giving-day landing page (route `giving-day?id&ambassador`, docs/product §2 Giving days;
 * docs/decisions/074-giving-day-screens.md): the countdown to the start or the end, money raised against the goal and
 * donors against the participation goal, each match's used amount of its cap, the challenges with their progress and
 * unlock, the class-year board by money and by participation (college and region boards when the form asks them),
 * the ambassador board, the newest gifts, and the day's projects each with a give button. While the day is open and
 * the page is shown it refreshes every 15 s; a hidden page stops. A signed-in donor becomes an ambassador here and
 * shares their own link (copied, the system share sheet, or the mini-program's share card) or a poster of it with its
 * QR code (docs/decisions/084-joint-invite-poster-and-link.md, addendum).
 */
import { useEffect, useMemo, useState } from 'react'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { Button, Image, Text, View } from '@tarojs/components'
import { AtProgress } from 'taro-ui'
import { ResultCode, type GivingDayAmbassador, type GivingDayGroup, type GivingDayTotals } from '@contract'
import LoadState from '@/components/load-state'
import SegmentTabs from '@/components/segment-tabs'
import { PosterButton, useShareCard } from '@/features/share'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { copyText } from '@/lib/clipboard'
import { quiet } from '@/lib/quiet'
import { ApiError } from '@/lib/request'
import { routeUrl } from '@/lib/routes'
import { imageAlt, pressable } from '@/lib/a11y'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { becomeAmbassador, fetchAmbassadorPoster, fetchGivingDay } from '../api/giving-day'
import { ambassadorLink, ambassadorOf, countdown, LIVE_POLL_MS, money, percentOf } from '../model/landing'
import 'taro-ui/lib/style/components/progress.scss'
import './landing-screen.scss'

type T = ReturnType<typeof useT>

/** a heading for screen readers: Taro's Text types no role, the rendered element takes it */
const heading = (level: 1 | 2): Record<string, unknown> => ({ role: 'heading', 'aria-level': level })

function Clock({ day }: { day: GivingDayTotals }) {
  const t = useT()
  const [now, setNow] = useState(() => Date.now())
  const c = countdown(day, now)
  useEffect(() => {
    if (c.to === 'ended') return undefined
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [c.to])
  if (c.to === 'ended')
    return (
      <Text className='gd-clock gd-clock--ended' data-testid='gd-ended'>
        {t('givingDay.ended')}
      </Text>
    )
  return (
    <View className='gd-clock' data-testid='gd-countdown' data-to={c.to}>
      <Text className='gd-clock__label'>{t(c.to === 'start' ? 'givingDay.startsIn' : 'givingDay.endsIn')}</Text>
      {/* read once, not every second, by a screen reader */}
      <Text className='gd-clock__value' aria-live='off'>
        {t('givingDay.countdown', { d: c.d, h: c.h, m: c.m, s: c.s })}
      </Text>
    </View>
  )
}

function Bar({ label, percent, testId }: { label: string; percent: number | null; testId: string }) {
  const theme = useTheme()
  if (percent === null) return null
  return (
    <View className='gd-bar' data-testid={testId} data-percent={percent}>
      <View className='gd-bar__head'>
        <Text className='gd-bar__label'>{label}</Text>
        <Text className='gd-bar__pct'>{percent}%</Text>
      </View>
      <View role='progressbar' aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <AtProgress percent={percent} color={theme} strokeWidth={8} isHidePercent />
      </View>
    </View>
  )
}

function Totals({ day }: { day: GivingDayTotals }) {
  const t = useT()
  const theme = useTheme()
  const moneyPct = percentOf(day.raised, day.goal)
  const donorsPct = percentOf(day.donors, day.participationGoal)
  return (
    <View className='gd-card gd-totals' data-testid='gd-totals'>
      <View className='gd-totals__row'>
        <Text className='gd-totals__big' style={{ color: theme }} data-testid='gd-raised'>
          {t('givingDay.raised', { money: money(day.raised) })}
        </Text>
        <Text className='gd-totals__goal'>
          {percentOf(1, day.goal) === null ? t('givingDay.noGoal') : t('givingDay.goal', { money: money(day.goal) })}
        </Text>
      </View>
      <Bar label={t('givingDay.progressMoney')} percent={moneyPct} testId='gd-bar-money' />
      <View className='gd-totals__row'>
        <Text className='gd-totals__mid' data-testid='gd-donors'>
          {t('givingDay.donors', { n: day.donors })}
        </Text>
        <Text className='gd-totals__goal'>
          {day.participationGoal > 0 ? t('givingDay.donorsGoal', { n: day.participationGoal }) : t('givingDay.noDonorsGoal')}
        </Text>
      </View>
      <Bar label={t('givingDay.progressDonors')} percent={donorsPct} testId='gd-bar-donors' />
      {percentOf(day.matched, 1) !== null && Number(day.matched) > 0 ? (
        <Text className='gd-totals__matched' data-testid='gd-matched'>
          {t('givingDay.matchedTotal', { money: money(day.matched) })}
        </Text>
      ) : null}
    </View>
  )
}

function Matches({ day }: { day: GivingDayTotals }) {
  const t = useT()
  if (!day.matches.length) return null
  return (
    <View className='gd-card' data-testid='gd-matches'>
      <Text className='gd-card__title' {...heading(2)}>
        {t('givingDay.matches')}
      </Text>
      {day.matches.map((m, i) => (
        <View key={i} className='gd-item' data-testid='gd-match'>
          <Text className='gd-item__name'>
            {t(m.kind === 'per_yuan' ? 'givingDay.matchPerYuan' : 'givingDay.matchPerDonor', { sponsor: m.sponsor, rate: m.rate })}
          </Text>
          <Text className='gd-item__meta' data-testid='gd-match-used'>
            {t('givingDay.matchUsed', { used: money(m.used), cap: money(m.cap) })}
          </Text>
          <Bar label={m.sponsor} percent={percentOf(m.used, m.cap)} testId='gd-match-bar' />
        </View>
      ))}
    </View>
  )
}

function Challenges({ day }: { day: GivingDayTotals }) {
  const t = useT()
  const theme = useTheme()
  if (!day.challenges.length) return null
  return (
    <View className='gd-card' data-testid='gd-challenges'>
      <Text className='gd-card__title' {...heading(2)}>
        {t('givingDay.challenges')}
      </Text>
      {day.challenges.map((c, i) => {
        const byDonors = c.kind === 'donors'
        const target = byDonors ? String(c.targetDonors) : money(c.targetAmount)
        return (
          <View key={i} className='gd-item' data-testid='gd-challenge' data-unlocked={c.unlocked}>
            <View className='gd-item__head'>
              <Text className='gd-item__name'>
                {t(byDonors ? 'givingDay.challengeDonors' : 'givingDay.challengeAmount', {
                  sponsor: c.sponsor,
                  target,
                  reward: money(c.reward)
                })}
              </Text>
              <Text
                className={`gd-chip ${c.unlocked ? 'gd-chip--on' : ''}`}
                style={c.unlocked ? { background: theme } : undefined}
                data-testid='gd-challenge-state'
              >
                {t(c.unlocked ? 'givingDay.unlocked' : 'givingDay.locked')}
              </Text>
            </View>
            <Text className='gd-item__meta'>
              {byDonors
                ? t('givingDay.challengeProgressDonors', { n: c.donors, target })
                : t('givingDay.challengeProgressAmount', { n: money(c.raised), target })}
            </Text>
            <Bar
              label={c.sponsor}
              percent={byDonors ? percentOf(c.donors, c.targetDonors) : percentOf(c.raised, c.targetAmount)}
              testId='gd-challenge-bar'
            />
          </View>
        )
      })}
    </View>
  )
}

type BoardKey = 'classYears' | 'colleges' | 'regions'

function boardRows(day: GivingDayTotals, key: BoardKey, by: 'money' | 'donors', t: T): GivingDayGroup[] {
  if (key === 'classYears') {
    const rows = by === 'money' ? day.classYearsByMoney : day.classYearsByDonors
    return rows.map((r) => ({ name: t('givingDay.classYear', { year: r.classYear }), raised: r.raised, donors: r.donors }))
  }
  if (key === 'colleges') return by === 'money' ? day.collegesByMoney : day.collegesByDonors
  return by === 'money' ? day.regionsByMoney : day.regionsByDonors
}

function Boards({ day }: { day: GivingDayTotals }) {
  const t = useT()
  const boards: { key: BoardKey; title: string }[] = [{ key: 'classYears' as const, title: t('givingDay.classYears') }]
  if (day.collegesByMoney.length) boards.push({ key: 'colleges', title: t('givingDay.colleges') })
  if (day.regionsByMoney.length) boards.push({ key: 'regions', title: t('givingDay.regions') })
  const [board, setBoard] = useState<BoardKey>('classYears')
  const [by, setBy] = useState<'money' | 'donors'>('money')
  const current = boards.some((b) => b.key === board) ? board : 'classYears'
  const rows = boardRows(day, current, by, t)
  return (
    <View className='gd-card' data-testid='gd-boards'>
      <Text className='gd-card__title' {...heading(2)}>
        {t('givingDay.boards')}
      </Text>
      {boards.length > 1 ? (
        <SegmentTabs
          tabs={boards.map((b) => ({ key: b.key, title: b.title }))}
          current={current}
          onChange={(k) => setBoard(k as BoardKey)}
          testPrefix='gd-board'
        />
      ) : (
        <Text className='gd-card__sub'>{boards[0].title}</Text>
      )}
      <SegmentTabs
        variant='pill'
        tabs={[
          { key: 'money' as const, title: t('givingDay.byMoney') },
          { key: 'donors' as const, title: t('givingDay.byDonors') }
        ]}
        current={by}
        onChange={(k) => setBy(k === 'donors' ? 'donors' : 'money')}
        testPrefix='gd-by'
      />
      {rows.length ? (
        <View role='list' data-testid='gd-board-rows'>
          {rows.map((r, i) => (
            <View key={r.name} role='listitem' className='gd-row' data-testid='gd-board-row'>
              <Text className='gd-row__rank'>{i + 1}</Text>
              <Text className='gd-row__name' data-content=''>
                {r.name}
              </Text>
              <Text className='gd-row__value'>{t('givingDay.boardRow', { money: money(r.raised), n: r.donors })}</Text>
            </View>
          ))}
        </View>
      ) : (
        <Text className='gd-empty'>{t('givingDay.boardEmpty')}</Text>
      )}
    </View>
  )
}

function People({ day }: { day: GivingDayTotals }) {
  const t = useT()
  return (
    <>
      {day.ambassadors.length ? (
        <View className='gd-card' data-testid='gd-ambassadors'>
          <Text className='gd-card__title' {...heading(2)}>
            {t('givingDay.ambassadors')}
          </Text>
          <View role='list'>
            {day.ambassadors.map((a, i) => (
              <View key={i} role='listitem' className='gd-row'>
                <Text className='gd-row__rank'>{i + 1}</Text>
                <Text className='gd-row__name' data-content=''>
                  {a.name}
                </Text>
                <Text className='gd-row__value'>{t('givingDay.ambassadorRow', { money: money(a.raised), n: a.gifts })}</Text>
              </View>
            ))}
          </View>
        </View>
      ) : null}
      <View className='gd-card' data-testid='gd-recent'>
        <Text className='gd-card__title' {...heading(2)}>
          {t('givingDay.recent')}
        </Text>
        {day.recentDonors.length ? (
          <View role='list'>
            {day.recentDonors.map((d, i) => (
              <View key={i} role='listitem' className='gd-row' data-testid='gd-recent-row'>
                <Text className='gd-row__name' data-content=''>
                  {d.name}
                  {d.classYear ? ` · ${t('givingDay.classYear', { year: d.classYear })}` : ''}
                </Text>
                <Text className='gd-row__value'>¥{money(d.money)}</Text>
              </View>
            ))}
          </View>
        ) : (
          <Text className='gd-empty'>{t('givingDay.recentEmpty')}</Text>
        )}
      </View>
    </>
  )
}

function Projects({ day, ambassador }: { day: GivingDayTotals; ambassador: string }) {
  const t = useT()
  const theme = useTheme()
  const open = day.state !== 'ended'
  return (
    <View className='gd-card' data-testid='gd-projects'>
      <Text className='gd-card__title' {...heading(2)}>
        {t('givingDay.projects')}
      </Text>
      {day.projects.length ? (
        day.projects.map((p) => {
          const can = open && p.canGive === 1
          return (
            <View key={p.id} className='gd-project' data-testid='gd-project'>
              {p.thumb ? (
                <Image {...imageAlt('')} className='gd-project__thumb' src={platform.assetUrl(p.thumb)} mode='aspectFill' />
              ) : (
                <View className='gd-project__thumb' />
              )}
              <View className='gd-project__body'>
                <Text className='gd-project__name'>{p.name}</Text>
                {p.intro ? <Text className='gd-project__intro'>{p.intro}</Text> : null}
              </View>
              <View
                className={`gd-project__give ${can ? '' : 'gd-project__give--off'}`}
                style={can ? { background: theme } : undefined}
                data-testid='gd-give'
                {...(can
                  ? pressable(() => platform.nav.to(routeUrl('form', { id: p.id, ambassador: ambassador || undefined })), {
                      label: `${t('givingDay.give')} ${p.name}`
                    })
                  : { 'aria-disabled': true })}
              >
                <Text>{can ? t('givingDay.give') : t('givingDay.closed')}</Text>
              </View>
            </View>
          )
        })
      ) : (
        <Text className='gd-empty'>{t('givingDay.noProjects')}</Text>
      )}
    </View>
  )
}

function Ambassador({
  day,
  mine,
  onMine
}: {
  day: GivingDayTotals
  mine: GivingDayAmbassador | null
  onMine(a: GivingDayAmbassador): void
}) {
  const t = useT()
  const theme = useTheme()
  const [busy, setBusy] = useState(false)
  const h5 = platform.env().target === 'h5'
  const link = mine && h5 && typeof window !== 'undefined' ? ambassadorLink(window.location.href, mine.code) : ''
  if (!mine && day.state === 'ended') return null
  const become = () =>
    quiet(async () => {
      if (busy) return
      setBusy(true)
      try {
        onMine(await becomeAmbassador(day.id))
      } finally {
        setBusy(false)
      }
    })
  const share = () => {
    const nav = (typeof navigator !== 'undefined' ? navigator : null) as (Navigator & { share?: (d: ShareData) => Promise<void> }) | null
    if (nav?.share) nav.share({ title: t('givingDay.shareTitle', { title: day.title }), url: link }).catch(() => undefined)
    else copyText(link, t('givingDay.linkCopied'))
  }
  return (
    <View className='gd-card gd-amb' data-testid='gd-ambassador'>
      <Text className='gd-card__title' {...heading(2)}>
        {t('givingDay.ambassadorTitle')}
      </Text>
      {mine ? (
        <>
          <Text className='gd-card__sub' data-testid='gd-amb-code'>
            {t('givingDay.yourCode', { code: mine.code })}
          </Text>
          <Text className='gd-item__meta' data-testid='gd-amb-brought'>
            {t('givingDay.brought', { n: mine.gifts, money: money(mine.raised) })}
          </Text>
          {link ? (
            <View className='gd-amb__link'>
              <Text className='gd-item__meta'>{t('givingDay.yourLink')}</Text>
              <Text className='gd-amb__url' data-testid='gd-amb-link' data-content=''>
                {link}
              </Text>
            </View>
          ) : null}
          <View className='gd-amb__actions'>
            {h5 ? (
              <>
                <View
                  className='gd-btn'
                  style={{ background: theme }}
                  data-testid='gd-amb-copy'
                  {...pressable(() => copyText(link, t('givingDay.linkCopied')))}
                >
                  <Text>{t('givingDay.copyLink')}</Text>
                </View>
                <View
                  className='gd-btn gd-btn--plain'
                  style={{ color: theme, borderColor: theme }}
                  data-testid='gd-amb-share'
                  {...pressable(share)}
                >
                  <Text>{t('givingDay.share')}</Text>
                </View>
              </>
            ) : (
              // the mini-programs' share sheet sends the card this page set: the landing page with the code
              <Button className='gd-btn' openType='share' style={{ background: theme }} data-testid='gd-amb-share'>
                {t('givingDay.share')}
              </Button>
            )}
            {/* on every platform: Moments, a class group's photo wall or print take an image, not a link */}
            <PosterButton
              load={() => fetchAmbassadorPoster(day.id, mine.code)}
              words={{
                open: t('givingDay.poster'),
                loading: t('givingDay.posterLoading'),
                alt: t('givingDay.posterAlt'),
                linkCopied: t('givingDay.linkCopied')
              }}
              className='gd-btn gd-btn--plain'
              style={{ color: theme, borderColor: theme }}
              testId='gd-amb-poster'
            />
          </View>
        </>
      ) : (
        <>
          <Text className='gd-item__meta'>{t('givingDay.ambassadorIntro')}</Text>
          <View className='gd-btn' style={{ background: theme }} aria-busy={busy} data-testid='gd-become' {...pressable(become)}>
            <Text>{busy ? t('givingDay.becoming') : t('givingDay.becomeAmbassador')}</Text>
          </View>
        </>
      )}
    </View>
  )
}

export default function LandingScreen() {
  const t = useT()
  const theme = useTheme()
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const id = Number(q.id) || 0
  const cameBy = ambassadorOf(q.ambassador)
  const state = useData(() => fetchGivingDay(id), [id], { enabled: id > 0 })
  const day = state.data
  const [shown, setShown] = useState(true)
  const [mine, setMine] = useState<GivingDayAmbassador | null>(null)
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))

  // live while open and shown: the totals every 15 s (the server reads them from a 1 s cache)
  const live = !!day && day.state !== 'ended' && shown
  const { reload } = state
  useEffect(() => {
    if (!live) return undefined
    const timer = setInterval(reload, LIVE_POLL_MS)
    return () => clearInterval(timer)
  }, [live, reload])

  // the share card: the donor's own link once they are an ambassador, else the page as it was opened
  const path = routeUrl('giving-day', { id, ambassador: mine?.code || cameBy || undefined })
  useShareCard(day ? { title: t('givingDay.shareTitle', { title: day.title }), path } : null, { title: t('route.giving-day'), path })

  if (!id) return <LoadState state={state} className='gd-state' testId='gd-state' missing={t('givingDay.gone')} />
  if (!day) {
    const e = state.status === 'error' ? state.error : null
    const gone = e instanceof ApiError && !e.network && e.code === ResultCode.ERROR ? e.message : ''
    return <LoadState state={state} className='gd-state' testId='gd-state' missing={gone || undefined} />
  }
  return (
    <View className='gd' data-testid='giving-day' data-state={day.state}>
      <View className='gd-hero' style={{ background: theme }}>
        <Text className='gd-hero__title' {...heading(1)} data-testid='gd-title'>
          {day.title}
        </Text>
        <Clock day={day} />
        {cameBy ? (
          <Text className='gd-hero__via' data-testid='gd-via'>
            {t('givingDay.viaAmbassador')}
          </Text>
        ) : null}
      </View>
      <Totals day={day} />
      <Matches day={day} />
      <Challenges day={day} />
      <Projects day={day} ambassador={cameBy} />
      <Boards day={day} />
      <People day={day} />
      <Ambassador day={day} mine={mine} onMine={setMine} />
    </View>
  )
}
