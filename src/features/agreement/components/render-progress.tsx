/**
 * What the agreement pages show while the server renders an agreement off the request path (docs/decisions/039):
 * a progress state that screen readers announce, the reason and a retry when it failed, and 'taking longer than
 * usual' with 'keep waiting' once the page has stopped asking.
 */
import { Button, Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import type { AgreementRender } from '../hooks/use-agreement-render'
import './agreement.scss'

export default function RenderProgress({ render }: { render: AgreementRender }) {
  const t = useT()
  const theme = useTheme()
  if (render.phase === 'rendering' || render.phase === 'idle')
    return (
      <View className='ag-state ag-rendering' data-testid='agreement-rendering' role='status' aria-live='polite'>
        <View className='ag-rendering__spinner' style={{ borderTopColor: theme }} />
        <Text className='ag-rendering__title'>{t('agreement.rendering')}</Text>
        <Text className='ag-note'>{t('agreement.renderingHint')}</Text>
      </View>
    )
  if (render.phase === 'failed' || render.phase === 'slow')
    return (
      <View className='ag-state ag-rendering' data-testid={`agreement-render-${render.phase}`} role='alert'>
        <Text className='ag-rendering__title'>{render.phase === 'failed' ? render.reason : t('agreement.renderSlow')}</Text>
        <Button
          className='ag-btn ag-btn--primary'
          style={{ background: theme }}
          onClick={() => void render.retry()}
          data-testid='agreement-render-retry'
        >
          {render.phase === 'failed' ? t('agreement.renderRetry') : t('agreement.keepWaiting')}
        </Button>
      </View>
    )
  return null
}
