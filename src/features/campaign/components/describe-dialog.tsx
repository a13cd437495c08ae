/** The campaign's description dialog (docs/product §2 campaign homes): the project's rich text, sanitised. */
import { RichText, ScrollView, Text } from '@tarojs/components'
import { platform } from '@/platform'
import { sanitizeHtml } from '@/lib/sanitize'
import { useT } from '@/store/session'
import Dialog from './dialog'

export default function DescribeDialog({ open, html, onClose }: { open: boolean; html: string; onClose(): void }) {
  const t = useT()
  const safe = html ? sanitizeHtml(html, platform.assetUrl) : ''
  return (
    <Dialog open={open} title={t('campaign.describe')} testId='describe-dialog' onClose={onClose}>
      <ScrollView scrollY className='cm-dialog__scroll' data-testid='describe-body'>
        {safe ? <RichText nodes={safe} /> : <Text className='cm-dialog__text'>{t('campaign.describeEmpty')}</Text>}
      </ScrollView>
    </Dialog>
  )
}
