/**
 * The signature modal (docs/product §2): the pad at the campaign's size (hhu 304x126 with refresh and a hint, cpu
 * 350x200 with clear), and finish, which hands the PNG on white to the page. Close leaves without signing.
 */
import { Text, View } from '@tarojs/components'
import SignaturePad from '@/components/signature-pad'
import { useT } from '@/store/session'
import './agreement.scss'

interface Props {
  open: boolean
  width: number
  height: number
  resetLabel: 'refresh' | 'clear'
  busy?: boolean
  onClose(): void
  onFinish(pngPath: string): void
}

export default function SignatureSheet({ open, width, height, resetLabel, busy, onClose, onFinish }: Props) {
  const t = useT()
  if (!open) return null
  return (
    <View className='ag-sheet' data-testid='signature-sheet' catchMove>
      <View className='ag-sheet__panel'>
        <View className='ag-sheet__head'>
          <Text className='ag-sheet__title'>{t('signature.title')}</Text>
          <Text className='ag-sheet__close' onClick={onClose} data-testid='signature-close'>
            ×
          </Text>
        </View>
        <SignaturePad
          width={width}
          height={height}
          canvasId='agreement-signature'
          resetLabel={resetLabel}
          hint={t('signature.hint')}
          busy={busy}
          onFinish={onFinish}
        />
      </View>
    </View>
  )
}
