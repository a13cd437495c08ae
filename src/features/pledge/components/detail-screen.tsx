/**
 * tree-naming-hhu/detail?id&from (docs/product §2): the tree's name, location, family and genus, growth habit and photo.
 * A named tree (status 2) adds the pledge block and the 'named' stamp; a free one (status 1) offers 'pledge', and a
 * donor who did not come from a map first reads the notice (item 7's rich text). A held tree (3) offers nothing.
 */
import { useMemo, useState } from 'react'
import { Button, Image, RichText, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { quiet } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { sanitizeHtml } from '@/lib/sanitize'
import { formatMoney } from '@/lib/money'
import { useData } from '@/lib/hooks/use-data'
import { useSession, useT } from '@/store/session'
import { fetchProject, fetchTree } from '../api/pledge'
import { formItemOf, fromOf, introLines, noticeItemOf, noticeShown, pledgeOf } from '../model/detail'
import './pledge.scss'
import { imageAlt } from '@/lib/a11y'

const idOf = (v: string | undefined): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

function Notice({ itemsId, onClose }: { itemsId: number; onClose(): void }) {
  const t = useT()
  const notice = useData(() => fetchProject(itemsId), [itemsId])
  const html = sanitizeHtml(notice.data?.content || '', platform.assetUrl)
  return (
    <View className='pl-mask' data-testid='tree-notice'>
      <View className='pl-dialog'>
        <Text className='pl-dialog__title'>{t('pledge.notice.title')}</Text>
        <View className='pl-dialog__body'>
          {notice.status === 'loading' ? (
            <Text className='pl-note'>{t('common.loading')}</Text>
          ) : html ? (
            <RichText nodes={html} />
          ) : (
            <Text className='pl-note'>{t('pledge.notice.empty')}</Text>
          )}
        </View>
        <Button className='pl-btn pl-btn--primary' onClick={onClose} data-testid='tree-notice-ok'>
          {t('pledge.notice.ok')}
        </Button>
      </View>
    </View>
  )
}

export default function DetailScreen() {
  const t = useT()
  const query = useMemo<{ id?: string; from?: string }>(() => platform.nav.currentQuery(), [])
  const seatId = idOf(query.id)
  const from = fromOf(query.from)
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const tree = useData(() => fetchTree(seatId), [seatId], { enabled: seatId > 0 })
  const [noticeClosed, setNoticeClosed] = useState(false)

  if (!seatId)
    return (
      <View className='pl-state' data-testid='tree-missing'>
        {t('pledge.notFound')}
      </View>
    )
  const seat = tree.data
  if (!seat)
    return (
      <View className='pl-state' data-testid='tree-loading' onClick={tree.status === 'error' ? tree.reload : undefined}>
        <Text>{tree.status === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {tree.status === 'error' ? <Text className='pl-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  const intro = introLines(seat.seatIntro)
  const pledge = pledgeOf(seat)
  const img = seat.seatImg ? platform.assetUrl(seat.seatImg) : ''
  const pledgeUrl = routeUrl('tree-naming-hhu/form', { id: formItemOf(from, campaignItems), seatId: seat.seatId })
  return (
    <View className='pl-detail' data-testid='tree-detail' data-status={seat.status}>
      <View className='pl-detail__photo'>
        {img ? (
          <Image
            {...imageAlt(seat.seatName || '')}
            className='pl-detail__img'
            src={img}
            mode='aspectFill'
            onClick={() => quiet(() => Taro.previewImage({ urls: [img], current: img }))}
            data-testid='tree-photo'
            data-content=''
          />
        ) : (
          <View className='pl-detail__img pl-detail__img--none' />
        )}
        {pledge ? (
          <View className='pl-stamp' data-testid='tree-stamp'>
            <Text>{t('pledge.stamp')}</Text>
          </View>
        ) : null}
      </View>
      <View className='pl-card'>
        <Text className='pl-detail__name' data-testid='tree-name' data-content=''>
          {seat.seatName}
        </Text>
        <Text className='pl-detail__price'>{t('pledge.price', { money: formatMoney(seat.termMoney) })}</Text>
        <View className='pl-rows'>
          <View className='pl-row'>
            <Text className='pl-row__label'>{t('pledge.detail.location')}</Text>
            <Text className='pl-row__value' data-testid='tree-location' data-content=''>
              {intro.location || '—'}
            </Text>
          </View>
          <View className='pl-row'>
            <Text className='pl-row__label'>{t('pledge.detail.family')}</Text>
            <Text className='pl-row__value' data-testid='tree-family' data-content=''>
              {intro.family || '—'}
            </Text>
          </View>
          <View className='pl-row'>
            <Text className='pl-row__label'>{t('pledge.detail.habit')}</Text>
            <Text className='pl-row__value' data-testid='tree-habit' data-content=''>
              {intro.habit || '—'}
            </Text>
          </View>
        </View>
      </View>
      {pledge ? (
        <View className='pl-card pl-pledged' data-testid='tree-pledge'>
          <Text className='pl-card__title'>{t('pledge.detail.pledged')}</Text>
          <View className='pl-row'>
            <Text className='pl-row__label'>{t('pledge.detail.donor')}</Text>
            <Text className='pl-row__value' data-testid='tree-donor' data-content=''>
              {pledge.donor}
            </Text>
          </View>
          <View className='pl-row'>
            <Text className='pl-row__label'>{t('pledge.detail.date')}</Text>
            <Text className='pl-row__value' data-testid='tree-date'>
              {pledge.date}
            </Text>
          </View>
          {pledge.message ? (
            <View className='pl-row'>
              <Text className='pl-row__label'>{t('pledge.detail.message')}</Text>
              <Text className='pl-row__value' data-testid='tree-message' data-content=''>
                {pledge.message}
              </Text>
            </View>
          ) : null}
        </View>
      ) : null}
      {seat.status === 3 ? (
        <Text className='pl-note pl-note--center' data-testid='tree-held'>
          {t('pledge.detail.held')}
        </Text>
      ) : null}
      {seat.status === 1 ? (
        <>
          <View className='pl-bar-space' />
          <View className='pl-bar'>
            <Button
              className='pl-btn pl-btn--primary pl-btn--block'
              onClick={() => platform.nav.to(pledgeUrl)}
              data-testid='tree-pledge-go'
            >
              {t('pledge.detail.go')}
            </Button>
          </View>
        </>
      ) : null}
      {seat.status === 1 && noticeShown(from, seat.status) && !noticeClosed ? (
        <Notice itemsId={noticeItemOf(campaignItems)} onClose={() => setNoticeClosed(true)} />
      ) : null}
    </View>
  )
}
