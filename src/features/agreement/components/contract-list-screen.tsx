/**
 * contract-cpu/myList (docs/product §2): the donor's signed agreements as cards (submit time to the minute, project,
 * amount) with 'view agreement' and 'view receipt' ('no agreement yet' / 'no receipt yet' when there is none); a view
 * opens full screen: a PDF as its pages, an image as it is.
 */
import { useState } from 'react'
import { Button, Image, ScrollView, Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import SignedInGate from '@/components/signed-in-gate'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { fetchMySigned } from '../api/agreement'
import { isImageUrl, toCards } from '../model/contract'
import { contractUrl } from '../model/links'
import AgreementPages from './agreement-pages'
import './agreement.scss'
import { imageAlt } from '@/lib/a11y'

function FullScreen({ url, onClose }: { url: string; onClose(): void }) {
  const t = useT()
  return (
    <View className='ag-full' data-testid='agreement-fullscreen' catchMove>
      <View className='ag-full__bar'>
        <Text className='ag-full__close' onClick={onClose} data-testid='fullscreen-close'>
          {t('common.close')}
        </Text>
      </View>
      <ScrollView scrollY className='ag-full__body'>
        {isImageUrl(url) ? (
          <Image
            {...imageAlt(t('route.contract-cpu/myList'))}
            className='ag-pages__img'
            src={platform.assetUrl(url)}
            mode='widthFix'
            data-testid='fullscreen-image'
          />
        ) : (
          <AgreementPages url={url} />
        )}
      </ScrollView>
    </View>
  )
}

function MyList() {
  const t = useT()
  const theme = useTheme()
  const list = useData(fetchMySigned, [])
  const [open, setOpen] = useState('')
  const cards = toCards(list.data)
  const view = (url: string, none: 'myList.noAgreement' | 'myList.noReceipt') => (url ? setOpen(url) : toast(t(none), 2000))
  if (list.status === 'error')
    return (
      <View className='ag-state' onClick={list.reload} data-testid='mylist-failed'>
        <Text>{t('common.loadFailed')}</Text>
        <Text className='ag-state__retry'>{t('common.retry')}</Text>
      </View>
    )
  if (!list.data) return <View className='ag-state'>{t('common.loading')}</View>
  return (
    <View className='ag-screen' data-testid='contract-mylist'>
      {cards.length ? (
        cards.map((c) => (
          <View key={c.id} className='ag-card ag-item' data-testid='agreement-card'>
            <View className='ag-kv'>
              <Text className='ag-kv__k'>{t('myList.time')}</Text>
              <Text className='ag-kv__v' data-testid='agreement-card-time'>
                {c.time}
              </Text>
            </View>
            <View className='ag-kv'>
              <Text className='ag-kv__k'>{t('myList.project')}</Text>
              <Text className='ag-kv__v' data-testid='agreement-card-title'>
                {c.title}
              </Text>
            </View>
            <View className='ag-kv'>
              <Text className='ag-kv__k'>{t('myList.amount')}</Text>
              <Text className='ag-kv__v ag-kv__v--strong' style={{ color: theme }} data-testid='agreement-card-amount'>
                ¥{c.amount}
              </Text>
            </View>
            <View className='ag-kv'>
              <Text className='ag-kv__k'>{t('myList.state')}</Text>
              <Text className='ag-kv__v' data-testid='agreement-card-state'>
                {t(c.countersigned ? 'myList.countersigned' : 'myList.signed')}
              </Text>
            </View>
            <View className='ag-item__actions'>
              <Button
                className='ag-btn ag-btn--small'
                onClick={() => view(c.agreementUrl, 'myList.noAgreement')}
                data-testid='agreement-card-view'
              >
                {t('myList.viewAgreement')}
              </Button>
              <Button
                className='ag-btn ag-btn--small'
                onClick={() => view(c.receiptUrl, 'myList.noReceipt')}
                data-testid='agreement-card-receipt'
              >
                {t('myList.viewReceipt')}
              </Button>
            </View>
          </View>
        ))
      ) : (
        <View className='ag-state' data-testid='mylist-empty'>
          <Text>{t('myList.empty')}</Text>
          <Text className='ag-state__retry' onClick={() => platform.nav.redirect(contractUrl())}>
            {t('myList.new')}
          </Text>
        </View>
      )}
      {open ? <FullScreen url={open} onClose={() => setOpen('')} /> : null}
    </View>
  )
}

export default function ContractListScreen() {
  return (
    <SignedInGate>
      <MyList />
    </SignedInGate>
  )
}
