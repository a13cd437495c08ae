/**
 * mine-gm (docs/product §2 Personal centre: naming list): the donor's naming gifts, each seat or book with its
 * period or copies, the words of its nameplate and their review state (waiting, approved, returned with the staff's
 * reason). A returned or waiting text can be corrected; each opens its nameplate-detail card.
 */
import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE, type NamingSeat } from '@contract'
import { platform } from '@/platform'
import ListFooter from '@/components/list-footer'
import SignedInGate from '@/components/signed-in-gate'
import { cutDay, cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useSession, useT } from '@/store/session'
import { fetchNamingList } from '../../api/naming'
import { nameplateDetailUrl } from '../../model/links'
import { canCorrect, reviewLabel, reviewTone } from '../../model/review'
import { objectTitle } from '../../model/selection'
import PlateCorrect from './plate-correct'
import '../kit/kit.scss'
import '../detail/detail.scss'
import './mine.scss'

function NamedObject({ s, onCorrect }: { s: NamingSeat; onCorrect(): void }) {
  const t = useT()
  const term = [s.termName, s.expireDate ? t('naming.mine.until', { date: cutDay(s.expireDate) }) : ''].filter(Boolean).join(' · ')
  return (
    <View className='nm-gm__obj' data-testid={`named-${s.namingType}-${s.namingId}`} data-status={s.nameplateStatus}>
      <View className='nm-gm__obj-head'>
        <Text className='nm-gm__obj-name'>{objectTitle(s.seat, s.quantity)}</Text>
        <Text className={`nm-review nm-review--${reviewTone(s.nameplateStatus)}`} data-testid={`review-${s.namingType}-${s.namingId}`}>
          {t(reviewLabel(s.nameplateStatus))}
        </Text>
      </View>
      {term ? <Text className='nm-gm__term'>{term}</Text> : null}
      <View className='nm-gm__plate'>
        <Text className='nm-gm__plate-name'>{s.nameplate.donorName}</Text>
        <Text className='nm-gm__plate-sub'>{[s.nameplate.donorIdentity, s.nameplate.donationMessage].filter(Boolean).join(' · ')}</Text>
      </View>
      {s.reviewReason ? <Text className='nm-gm__reason'>{t('naming.mine.reason', { reason: s.reviewReason })}</Text> : null}
      <View className='nm-gm__actions'>
        <Text
          className='nm-link'
          data-testid={`plate-open-${s.namingType}-${s.namingId}`}
          onClick={() => platform.nav.to(nameplateDetailUrl(s.namingType, s.namingId))}
        >
          {t('naming.mine.view')}
        </Text>
        {canCorrect(s.nameplateStatus) ? (
          <Text className='nm-link nm-gm__correct' data-testid={`plate-correct-${s.namingType}-${s.namingId}`} onClick={onCorrect}>
            {t('naming.mine.correct')}
          </Text>
        ) : null}
      </View>
    </View>
  )
}

function MineGm() {
  const lang = useSession((s) => s.lang)
  const [target, setTarget] = useState<NamingSeat | null>(null)
  const list = usePagedList(fetchNamingList, PAGE_SIZE.LIST, `gm-${lang}`)
  useReachBottom(() => list.loadMore())
  return (
    <View className='nm-gm' data-testid='mine-gm'>
      {list.rows.map((r) => (
        <View key={r.id} className='nm-card nm-gm__card' data-testid='naming-row'>
          <View className='nm-gm__head'>
            <Text className='nm-gm__name'>{r.itemsName}</Text>
            <Text className='nm-gm__money'>¥{formatMoney(r.donateMoney)}</Text>
          </View>
          <Text className='nm-gm__time'>{cutMinute(r.donateTime)}</Text>
          {(r.donateSeatList || []).map((s) => (
            <NamedObject key={`${s.namingType}-${s.namingId}`} s={s} onCorrect={() => setTarget(s)} />
          ))}
        </View>
      ))}
      <ListFooter status={list.status} count={list.rows.length} loaded={list.loaded} emptyKey='naming.mine.empty' onRetry={list.reload} />
      <PlateCorrect
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null)
          list.reload()
        }}
      />
    </View>
  )
}

export default function MineGmScreen() {
  return (
    <SignedInGate>
      <MineGm />
    </SignedInGate>
  )
}
