/** docs/product §4 status chip: status 1 green, every other status yellow. */
import { Text } from '@tarojs/components'
import { useT } from '@/store/session'
import type { MessageKey } from '@/lib/i18n'
import { statusTone } from './tone'
import './index.scss'

export { statusTone, type StatusTone } from './tone'

export default function StatusChip({ status, labelKey, testId }: { status: number; labelKey: MessageKey | ''; testId?: string }) {
  const t = useT()
  if (!labelKey) return null
  const tone = statusTone(status)
  return (
    <Text className={`ck-status ck-status--${tone}`} data-testid={testId} data-tone={tone}>
      {t(labelKey)}
    </Text>
  )
}
