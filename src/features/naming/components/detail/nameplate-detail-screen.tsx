/**
 * nameplate-detail?type&id (docs/product §2 Naming): a card in the project's configured look (background colour or image,
 * the school logo, the background word, the bottom image) with the nameplate's words, the review state while they
 * wait for staff, and rows of field title and value; images in rich text open in the viewer.
 */
import { useMemo } from 'react'
import { Image, RichText, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { ALUMNUS_IDENTITY, NameplateStatus } from '@contract'
import { platform } from '@/platform'
import { cutDay } from '@/lib/dates'
import { useData } from '@/lib/hooks/use-data'
import { quiet } from '@/lib/quiet'
import { useT } from '@/store/session'
import { fetchNameplateConfig, fetchSchoolLogo, fetchShowData } from '../../api/naming'
import { reviewLabel, reviewTone } from '../../model/review'
import { cardLook, shownRows } from '../../model/show-data'
import '../kit/kit.scss'
import './detail.scss'
import { imageAlt } from '@/lib/a11y'

const preview = (urls: string[], current: string) => quiet(() => Taro.previewImage({ urls, current }))

export default function NameplateDetailScreen() {
  const t = useT()
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const type: 1 | 2 = query.type === '2' ? 2 : 1
  const id = Number(query.id) > 0 ? Number(query.id) : 0
  const data = useData(
    async () => {
      const show = await fetchShowData(type, id)
      const [config, logo] = await Promise.all([fetchNameplateConfig(show.itemsId).catch(() => null), fetchSchoolLogo()])
      return { show, config, logo }
    },
    [type, id],
    { enabled: id > 0 }
  )

  if (!id)
    return (
      <View className='nm-state' data-testid='plate-detail-missing'>
        {t('naming.notFound')}
      </View>
    )
  if (!data.data) {
    return (
      <View className='nm-state' data-testid='plate-detail-loading' onClick={data.status === 'error' ? data.reload : undefined}>
        <Text>{data.status === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {data.status === 'error' ? <Text className='nm-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  }
  const { show, config, logo } = data.data
  const look = cardLook(config, platform.assetUrl)
  const rows = shownRows(show.rowList, platform.assetUrl)
  const plate = show.nameplate
  const approved = show.nameplateStatus === NameplateStatus.APPROVED
  // the rows' values a person wrote (the seat's or book's label, the donor's name, the nameplate's words): content
  const written = new Set(
    [show.objectName, show.donorName, plate?.donorName, plate?.donationMessage, plate?.donorIdentity].filter(
      (v): v is string => !!v && v !== ALUMNUS_IDENTITY
    )
  )
  return (
    <View className='nm-pd' data-testid='nameplate-detail'>
      <View className='nm-pd__card' style={look.background ? { background: look.background } : undefined}>
        {look.backgroundImage ? <Image {...imageAlt('')} className='nm-pd__bg' src={look.backgroundImage} mode='aspectFill' /> : null}
        <View className='nm-pd__inner'>
          {logo ? (
            <Image {...imageAlt('')} className='nm-pd__logo' src={platform.assetUrl(logo)} mode='aspectFit' data-testid='plate-logo' />
          ) : null}
          {look.word ? (
            <Text className='nm-pd__word' data-content=''>
              {look.word}
            </Text>
          ) : null}
          <Text className='nm-pd__object' data-testid='plate-object' data-content=''>
            {show.objectName}
          </Text>
          <Text className='nm-pd__project'>{show.itemsName}</Text>
          {plate ? (
            <View className='nm-pd__plate' data-testid='plate-words'>
              <Text className='nm-pd__donor' data-testid='plate-donor-name' data-content=''>
                {plate.donorName}
              </Text>
              {/* the identity the platform gives every seat nameplate is the app's word; any other the donor wrote */}
              {plate.donorIdentity === ALUMNUS_IDENTITY ? (
                <Text className='nm-pd__identity'>{t('naming.edit.identityAlumnus')}</Text>
              ) : (
                <Text className='nm-pd__identity' data-content=''>
                  {plate.donorIdentity}
                </Text>
              )}
              <Text className='nm-pd__message' data-testid='plate-message-text' data-content=''>
                {plate.donationMessage}
              </Text>
            </View>
          ) : (
            <Text className='nm-pd__waiting' data-testid='plate-waiting'>
              {t('naming.detail.waiting')}
            </Text>
          )}
          {!approved ? (
            <Text className={`nm-review nm-review--${reviewTone(show.nameplateStatus)}`} data-testid='plate-review'>
              {t(reviewLabel(show.nameplateStatus))}
            </Text>
          ) : null}
          <Text className='nm-pd__time'>{t('naming.detail.time', { date: cutDay(show.donateTime) })}</Text>
          {look.bottomImage ? <Image {...imageAlt('')} className='nm-pd__bottom' src={look.bottomImage} mode='aspectFill' /> : null}
        </View>
      </View>
      {rows.length ? (
        <View className='nm-card' data-testid='plate-rows'>
          {rows.map((r, i) => (
            <View key={`${r.title}-${i}`} className='nm-pd__row'>
              <Text className='nm-pd__row-title'>{r.title}</Text>
              {r.kind === 'image' ? (
                <Image
                  {...imageAlt(r.title)}
                  className='nm-pd__row-img'
                  src={r.value}
                  mode='aspectFit'
                  onClick={() => preview(r.images, r.value)}
                />
              ) : r.kind === 'html' ? (
                <View className='nm-pd__row-html'>
                  <RichText nodes={r.value} />
                  {r.images.length ? (
                    <View className='nm-pd__thumbs'>
                      {r.images.map((src) => (
                        <Image
                          {...imageAlt(r.title)}
                          key={src}
                          className='nm-pd__thumb'
                          src={src}
                          mode='aspectFill'
                          onClick={() => preview(r.images, src)}
                        />
                      ))}
                    </View>
                  ) : null}
                </View>
              ) : (
                <Text className='nm-pd__row-value' data-content={written.has(r.value) ? '' : undefined}>
                  {r.value}
                </Text>
              )}
            </View>
          ))}
        </View>
      ) : null}
    </View>
  )
}
