/**
 * Failed sends (finance; docs/decisions/050-yearly-statement.md, 044): notifications of the school that failed for
 * good or wait to be tried again, with kind, channel, recipient, the last error and attempts. "Retry now" hands one to
 * the job worker at once (a failed one gets one more attempt); the server records who did it in the audit log.
 */
import { useState } from 'react'
import { Button, Tag, message } from 'antd'
import { post } from '../api'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { StaffApi, staffPath } from '@contract'
import type { StaffFailedSend as FailedSend } from '@contract/schema/staff-notices'

const KINDS: Record<string, [string, string]> = {
  paid: ['捐赠到账', 'Gift received'],
  certificate: ['证书生成', 'Certificate ready'],
  receipt: ['电子票据', 'Receipt'],
  nameplate: ['铭牌审核', 'Nameplate review'],
  together: ['一起捐达成', 'Joint donation target'],
  refund: ['退款', 'Refund'],
  statement: ['年度对账单', 'Yearly statement']
}
const CHANNELS: Record<string, [string, string]> = {
  email: ['邮件', 'E-mail'],
  wechat: ['微信', 'WeChat'],
  alipay: ['支付宝', 'Alipay'],
  sms: ['短信', 'SMS']
}

export function FailedSendsPage() {
  const { t } = useLang()
  const [version, setVersion] = useState(0)
  const [busy, setBusy] = useState<number | null>(null)
  const retry = async (id: number) => {
    setBusy(id)
    try {
      await post(staffPath(StaffApi.notificationRetry, { id }))
      void message.success(t('已重新发送，稍后刷新查看结果', 'Handed to the sender: refresh in a moment to see how it went'))
      setVersion((v) => v + 1)
    } catch (e) {
      void message.error((e as Error).message)
    } finally {
      setBusy(null)
    }
  }
  const label = (map: Record<string, [string, string]>, k: string) => (map[k] ? t(...map[k]) : k || '—')
  return (
    <PagedTable<FailedSend>
      path={StaffApi.failedNotifications}
      rowKey='id'
      version={version}
      testId='failed-sends'
      columns={[
        { title: t('时间', 'Updated'), dataIndex: 'updatedAt' },
        { title: t('类型', 'Kind'), dataIndex: 'kind', render: (k: string) => label(KINDS, k) },
        { title: t('渠道', 'Channel'), dataIndex: 'channel', render: (c: string) => label(CHANNELS, c) },
        { title: t('收件人', 'Recipient'), dataIndex: 'recipient' },
        { title: t('捐赠人', 'Donor'), dataIndex: 'donorName', render: (n: string, r) => n || `#${r.userId}` },
        {
          title: t('状态', 'State'),
          dataIndex: 'state',
          render: (s: string) =>
            s === 'failed' ? <Tag color='red'>{t('失败', 'failed')}</Tag> : <Tag color='orange'>{t('等待重试', 'retrying')}</Tag>
        },
        { title: t('尝试次数', 'Attempts'), dataIndex: 'attempts', align: 'right' },
        { title: t('最后错误', 'Last error'), dataIndex: 'error', render: (e: string) => <span style={{ color: '#cf1322' }}>{e}</span> },
        {
          title: '',
          key: 'retry',
          render: (_: unknown, r) => (
            <Button size='small' loading={busy === r.id} onClick={() => void retry(r.id)} data-testid={`retry-${r.id}`}>
              {t('立即重试', 'Retry now')}
            </Button>
          )
        }
      ]}
    />
  )
}
