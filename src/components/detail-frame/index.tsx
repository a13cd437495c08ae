/**
 * The frame of the certificate and receipt detail pages: a head in the theme colour (what it is, the status chip,
 * when it was applied for) over the caller's cards, and the page's loading / failed / not-found state. The lists
 * (mine-certificate, mine-paper) use its page, sticky tabs and load state too (`cd-screen`, `cd-tabs`, DetailState).
 */
import type { PropsWithChildren } from 'react'
import { Text, View } from '@tarojs/components'
import LoadState from '@/components/load-state'
import StatusChip from '@/components/status-chip'
import type { DataState } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import type { MessageKey } from '@/lib/i18n'
import './index.scss'

interface Props {
  testId: string
  label: string
  status: number
  statusKey: MessageKey | ''
  statusTestId: string
  /** "Applied 2026-01-02 10:00", or '' */
  time: string
}

export default function DetailFrame({ testId, label, status, statusKey, statusTestId, time, children }: PropsWithChildren<Props>) {
  const theme = useTheme()
  return (
    <View className='cd-screen' data-testid={testId}>
      <View className='cd-head' style={{ background: theme }}>
        <Text className='cd-head__label'>{label}</Text>
        <View className='cd-head__status'>
          <StatusChip status={status} labelKey={statusKey} testId={statusTestId} />
        </View>
        {time ? <Text className='cd-head__time'>{time}</Text> : null}
      </View>
      {children}
      <View className='cd-space' />
    </View>
  )
}

/** Before a page's data has arrived: loading, failed (tap retries), or `missing` when there is no such id. */
export function DetailState({
  state,
  testId,
  missing
}: {
  state: Pick<DataState<unknown>, 'status' | 'reload'>
  testId: string
  missing?: string
}) {
  return <LoadState state={state} className='cd-state' testId={testId} missing={missing} />
}
