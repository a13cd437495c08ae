/**
 * cut (docs/product §2 Other, §4): the current avatar and 'choose image'; then the full-screen crop overlay (the page's
 * footer hidden) with drag, pinch, rotate, Cancel and Accept; then the upload progress.
 */
import { Canvas, Image, Text, View } from '@tarojs/components'
import { AtButton, AtIcon } from 'taro-ui'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { fetchCurrentAvatar } from '../api/upload'
import { useCropGestures } from '../hooks/use-crop-gestures'
import { BAR_HEIGHT, useCut } from '../hooks/use-cut'
import { AVATAR_TYPES } from '../model/file-type'
import { rotatedSize } from '../model/transform'
import 'taro-ui/lib/style/components/button.scss'
import './cut-screen.scss'
import { tokenColor } from '@/styles/colors'
import { imageAlt } from '@/lib/a11y'

export default function CutScreen() {
  const t = useT()
  const theme = useTheme()
  const cut = useCut()
  const { geometry: g, crop } = cut
  const gestures = useCropGestures(g, crop, cut.setCrop)
  const avatar = useData(fetchCurrentAvatar, []).data
  const current = avatar ? platform.assetUrl(avatar) : ''

  const overlay = cut.status !== 'idle'
  const uploading = cut.status === 'uploading' || cut.status === 'exporting'
  const shown = g && crop ? rotatedSize(g.img, crop.rotation) : null

  return (
    <View className='cut' data-testid='cut-screen'>
      {!overlay ? (
        <View className='cut__intro'>
          <View className='cut__current'>
            {current ? (
              <Image {...imageAlt('')} className='cut__current-img' src={current} mode='aspectFill' />
            ) : (
              <AtIcon value='user' size='48' color={tokenColor.borderControl} />
            )}
          </View>
          <Text className='cut__hint'>{t('avatar.hint', { types: AVATAR_TYPES.join(', ') })}</Text>
          {/* docs/product §4: the footer shows only until an image is chosen; the crop overlay has its own bar */}
          <View className='cut__footer' data-testid='cut-footer'>
            <View className='cut__choose' data-testid='cut-choose'>
              <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={cut.choose}>
                {t('avatar.choose')}
              </AtButton>
            </View>
            <View className='cut__back' onClick={cut.cancel} data-testid='cut-back'>
              {t('common.cancel')}
            </View>
          </View>
        </View>
      ) : null}

      {overlay ? (
        <View className='cut-stage' data-testid='crop-overlay' catchMove {...gestures}>
          {g && crop && cut.src ? (
            <Image
              {...imageAlt('')}
              className='cut-stage__img'
              src={cut.src}
              mode='scaleToFill'
              data-testid='crop-image'
              style={{
                width: `${g.img.width * crop.scale}px`,
                height: `${g.img.height * crop.scale}px`,
                left: `${g.centre.x + crop.x - (g.img.width * crop.scale) / 2}px`,
                top: `${g.centre.y + crop.y - (g.img.height * crop.scale) / 2}px`,
                transform: `rotate(${crop.rotation}deg)`
              }}
            />
          ) : (
            <Text className='cut-stage__wait'>{t('common.loading')}</Text>
          )}
          {g ? (
            <View
              className='cut-stage__frame'
              style={{ left: `${g.frameLeft}px`, top: `${g.frameTop}px`, width: `${g.frame}px`, height: `${g.frame}px` }}
            />
          ) : null}
          {shown ? <Text className='cut-stage__tip'>{t('avatar.gesture')}</Text> : null}
          <View className='cut-stage__bar' style={{ height: `${BAR_HEIGHT}px` }}>
            <View className='cut-stage__btn' onClick={cut.cancel} data-testid='crop-cancel'>
              {t('common.cancel')}
            </View>
            <View className='cut-stage__turns'>
              <View className='cut-stage__turn' onClick={() => cut.turn(-90)} data-testid='crop-rotate-left'>
                <AtIcon value='reload' size='20' color={tokenColor.inverse} className='cut-stage__ccw' />
              </View>
              <View className='cut-stage__turn' onClick={() => cut.turn(90)} data-testid='crop-rotate-right'>
                <AtIcon value='reload' size='20' color={tokenColor.inverse} />
              </View>
            </View>
            <View className='cut-stage__btn cut-stage__btn--ok' onClick={cut.accept} data-testid='crop-accept'>
              {t('avatar.accept')}
            </View>
          </View>
          {uploading ? (
            <View className='cut-progress' data-testid='upload-progress'>
              <View className='cut-progress__card'>
                <Text className='cut-progress__text'>
                  {cut.status === 'exporting' ? t('avatar.exporting') : t('avatar.uploading', { n: cut.progress })}
                </Text>
                <View className='cut-progress__bar'>
                  <View
                    className='cut-progress__fill'
                    style={{ width: `${cut.status === 'exporting' ? 0 : cut.progress}%`, background: theme }}
                  />
                </View>
              </View>
            </View>
          ) : null}
        </View>
      ) : null}
      {/* the export canvas: off screen, its pixel size set at export time */}
      <Canvas type='2d' id='avatar-canvas' className='cut__canvas' />
    </View>
  )
}
