/**
 * A share poster's button and dialog (docs/decisions/084-joint-invite-poster-and-link.md and its addendum): the
 * server draws the poster with a QR code of the page's link; the button asks for it (its label says it is being
 * drawn meanwhile, the request toasts a refusal in the user's language), and the poster opens over the page with
 * "保存图片" (`platform.media.savePng`), "复制链接" (the address the QR code carries), close, and the long-press hint.
 * The joint donation's invite page and the giving-day ambassador's card use it.
 */
import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { copyText } from '@/lib/clipboard'
import { imageAlt } from '@/lib/a11y'
import { useTheme } from '@/lib/hooks/use-page-title'
import { quiet, toast } from '@/lib/quiet'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import './poster-button.scss'

/** what a poster call answers: the base64 PNG, its file name and the address its QR code carries */
export interface PosterFile {
  fileName: string
  png: string
  url: string
}

export interface PosterWords {
  /** the button's label, also the dialog's name */
  open: string
  /** the button's label while the poster is drawn */
  loading: string
  /** the image's text alternative */
  alt: string
  /** the toast after "复制链接" */
  linkCopied: string
}

export function PosterButton({
  load,
  words,
  className,
  style,
  testId = 'share-poster'
}: {
  load(): Promise<PosterFile>
  words: PosterWords
  className: string
  style?: Record<string, string>
  testId?: string
}) {
  const t = useT()
  const theme = useTheme()
  const [state, setState] = useState<'idle' | 'loading'>('idle')
  const [poster, setPoster] = useState<(PosterFile & { src: string }) | null>(null)
  const open = () =>
    quiet(async () => {
      if (state === 'loading') return
      setState('loading')
      try {
        const p = await load()
        setPoster({ ...p, src: await platform.media.pngSource(p.fileName, p.png) })
      } finally {
        setState('idle')
      }
    })
  const save = () =>
    quiet(async () => {
      if (!poster) return
      const r = await platform.media.savePng(poster.fileName, poster.png)
      if (r === 'saved') toast(t('poster.saved'))
      else if (r === 'denied') toast(t('poster.denied'))
      else if (r === 'failed') toast(t('poster.failed'))
    })
  return (
    <>
      <View className={className} style={style} role='button' aria-busy={state === 'loading'} data-testid={testId} onClick={open}>
        {state === 'loading' ? words.loading : words.open}
      </View>
      {poster ? (
        <View className='share-poster' role='dialog' aria-modal='true' aria-label={words.open} data-testid='poster-dialog'>
          <View className='share-poster__backdrop' onClick={() => setPoster(null)} />
          <View className='share-poster__body'>
            <Image
              {...imageAlt(words.alt)}
              className='share-poster__image'
              src={poster.src}
              mode='aspectFit'
              showMenuByLongpress
              data-testid='poster-image'
            />
            <Text className='share-poster__hint'>{t('poster.hint')}</Text>
            <View className='share-poster__actions'>
              <View className='share-poster__btn' style={{ background: theme }} role='button' data-testid='poster-save' onClick={save}>
                {t('poster.save')}
              </View>
              <View
                className='share-poster__btn share-poster__btn--plain'
                style={{ color: theme, borderColor: theme }}
                role='button'
                data-testid='poster-copy'
                onClick={() => copyText(poster.url, words.linkCopied)}
              >
                {t('poster.copyLink')}
              </View>
              <View
                className='share-poster__btn share-poster__btn--plain'
                role='button'
                data-testid='poster-close'
                onClick={() => setPoster(null)}
              >
                {t('common.close')}
              </View>
            </View>
          </View>
        </View>
      ) : null}
    </>
  )
}
