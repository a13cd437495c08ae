/**
 * One gift in full beside the ledger (docs/decisions/083-console-gift-drawer-and-bulk-actions.md): where the money
 * came from, what the donor asked for on the form, the certificate, the refunds and the paper requests, in one place
 * instead of four screens. Times are Beijing time like the rest of the console.
 */
import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Tag } from 'antd'
import { get } from '../api'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { beijingTime } from '../time'
import { statusLabel } from './applications'
import { refundStateText } from './refunds'
import { StaffApi, staffPath } from '@contract'
import type { GiftDetail } from '@contract/schema/staff-money'

export function GiftDrawer({ id, onClose, statusText }: { id: number | null; onClose: () => void; statusText: (s: string) => string }) {
  const { t } = useLang()
  const { data, error, loading } = useLoad<GiftDetail | null>(
    () => (id ? get<GiftDetail>(staffPath(StaffApi.ledgerGift, { id })) : Promise.resolve(null)),
    [id]
  )
  const yesNo = (v: number) => (v ? t('是', 'yes') : t('否', 'no'))
  const d = data && data.row.id === id ? data : null
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={560}
      title={d ? `${t('捐赠详情', 'Gift')} ${d.row.billNo}` : t('捐赠详情', 'Gift')}
      data-testid='gift-drawer'
      destroyOnClose
      styles={{ body: { padding: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' } }}
    >
      {/* the facts scroll here, not in the drawer's body: tabIndex lets keyboard users reach and scroll them */}
      <div
        role='region'
        tabIndex={0}
        aria-label={t('捐赠详情', 'Gift')}
        style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 24 }}
        data-testid='gift-drawer-scroll'
      >
        {error ? <Alert type='error' showIcon message={error} /> : null}
        {loading && !d ? <Skeleton active /> : null}
        {d ? (
          <>
            <Descriptions column={1} size='small' bordered data-testid='gift-facts'>
              <Descriptions.Item label={t('项目', 'Project')}>
                {d.row.projectName}
                {d.subProjectName ? ` · ${d.subProjectName}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('捐赠人', 'Donor')}>
                {d.row.donorName} {d.anonymous ? <Tag>{t('匿名', 'anonymous')}</Tag> : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('金额（元）', 'Amount (yuan)')}>
                <span data-testid='gift-amount'>{formatYuan(d.row.amount)}</span>
                {d.row.refundedFen ? ` · ${t('已退', 'refunded')} ${formatYuan(d.row.refunded)}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('状态', 'Status')}>
                {statusText(d.row.status)}
                {d.closeReason ? ` (${d.closeReason})` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('下单时间', 'Ordered at')}>{beijingTime(d.row.createdAt, true)}</Descriptions.Item>
              <Descriptions.Item label={t('支付时间', 'Paid at')}>
                <span data-testid='gift-paid-at'>{beijingTime(d.row.paidAt, true)}</span>
              </Descriptions.Item>
              {d.closedAt ? (
                <Descriptions.Item label={t('关闭时间', 'Closed at')}>{beijingTime(d.closedAt, true)}</Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('渠道', 'Channel')}>{d.row.channel || '—'}</Descriptions.Item>
              {d.offline ? (
                <Descriptions.Item label={t('线下入账', 'Offline entry')}>
                  {d.offline.donatedOn} · {d.offline.channel} · {t('录入人', 'entered by')} {d.offline.staffName || '—'}
                  {d.offline.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{d.offline.note}</div> : null}
                </Descriptions.Item>
              ) : (
                <Descriptions.Item label={t('支付通道 / 交易号', 'Provider / trade no.')}>
                  {d.provider || '—'} {d.providerTradeNo ? `· ${d.providerTradeNo}` : ''}
                </Descriptions.Item>
              )}
              {d.togetherId ? <Descriptions.Item label={t('一起捐', 'Joint donation')}>#{d.togetherId}</Descriptions.Item> : null}
              <Descriptions.Item label={t('证书署名', 'Name on certificate')}>{d.certificateName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('电子证书', 'Certificate')}>
                {d.certificateNo || '—'}
                {d.certificateVoid ? <Tag color='red'>{d.certificateVoid}</Tag> : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('纸质证书 / 票据', 'Paper certificate / receipt')}>
                {yesNo(d.needPaper)} / {yesNo(d.needReceipt)}
                {d.receiptName ? ` · ${d.receiptName}` : ''}
                {d.email ? ` · ${d.email}` : ''}
              </Descriptions.Item>
            </Descriptions>
            <h4 style={{ marginTop: 20 }}>{t('退款', 'Refunds')}</h4>
            {d.refunds.length ? (
              <Table
                size='small'
                rowKey='id'
                pagination={false}
                dataSource={d.refunds}
                data-testid='gift-refunds'
                columns={[
                  { title: t('金额', 'Amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
                  { title: t('状态', 'State'), dataIndex: 'state', render: (s: string) => refundStateText(s, t) },
                  { title: t('原因', 'Reason'), dataIndex: 'reason', ellipsis: true },
                  { title: t('时间', 'When'), dataIndex: 'createdAt', render: (v: string) => beijingTime(v) }
                ]}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('没有退款', 'No refunds')} />
            )}
            <h4 style={{ marginTop: 20 }}>{t('证书与票据申请', 'Certificate and receipt requests')}</h4>
            {d.requests.length ? (
              <Table
                size='small'
                rowKey={(r) => `${r.kind}-${r.id}`}
                pagination={false}
                dataSource={d.requests}
                data-testid='gift-requests'
                columns={[
                  {
                    title: t('类型', 'Kind'),
                    dataIndex: 'kind',
                    render: (k: string) => (k === 'receipt' ? t('票据', 'receipt') : t('纸质证书', 'paper certificate'))
                  },
                  { title: t('状态', 'Status'), key: 's', render: (_, r) => statusLabel(r.kind, r.status, t) },
                  {
                    title: t('快递', 'Courier'),
                    key: 'e',
                    render: (_, r) => [r.expressCompany, r.expressNo].filter(Boolean).join(' ') || '—'
                  },
                  { title: t('申请时间', 'Asked at'), dataIndex: 'createdAt', render: (v: string) => beijingTime(v) }
                ]}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('没有申请', 'No requests')} />
            )}
          </>
        ) : null}
      </div>
    </Drawer>
  )
}
