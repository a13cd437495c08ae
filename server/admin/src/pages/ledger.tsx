/**
 * The ledger of gifts (finance): filters, the server's totals for the whole filtered set (not just this page),
 * CSV/XLSX export with a progress bar (POST /exports, poll GET /exports/:id, then download), and offline gifts.
 */
import { useEffect, useRef, useState } from 'react'
import { App, Button, DatePicker, Form, Input, Progress, Select, Space, Table, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import { download, get, post } from '../api'
import { PagedTable, ProjectPicker } from '../components'
import { useLang } from '../i18n'
import { formatYuan, YUAN_RE } from '../money'
import { OfflineGiftFixModal, OfflineGiftModal } from './offline-gift'
import { RefundModal } from './refunds'
import { GiftDrawer } from './gift-drawer'
import { beijingTime } from '../time'
import { StaffApi, staffPath } from '@contract'
import {
  LEDGER_CHANNELS,
  LEDGER_STATUSES,
  type ExportBody,
  type ExportStatus,
  type ExportId,
  type LedgerFilters,
  type LedgerPage as LedgerAnswer,
  type LedgerRow
} from '@contract/schema/staff-money'

export type { LedgerRow }
export function statusText(s: string, t: (zh: string, en: string) => string): string {
  const m: Record<string, [string, string]> = {
    paid: ['已支付', 'paid'],
    pending: ['待支付', 'pending'],
    cancelled: ['已取消', 'cancelled'],
    expired: ['已过期', 'expired'],
    reconciling: ['待核对', 'in review'],
    refunded: ['已退款', 'refunded']
  }
  return m[s] ? t(...m[s]) : s
}

/** the filter form's values: the query's, with the days as the range picker holds them */
type Filters = Omit<LedgerFilters, 'from' | 'to'> & { dates?: [Dayjs, Dayjs] | null }

export function LedgerPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<Filters>()
  const [query, setQuery] = useState<LedgerFilters>({})
  const [version, setVersion] = useState(0)
  const [offlineOpen, setOfflineOpen] = useState(false)
  const [fixing, setFixing] = useState<{ row: LedgerRow; mode: 'correct' | 'void' } | null>(null)
  const [refunding, setRefunding] = useState<LedgerRow | null>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const [exporting, setExporting] = useState<ExportStatus | null>(null)
  const stop = useRef(false)
  useEffect(() => () => void (stop.current = true), [])

  const apply = (v: Filters) => {
    setQuery({
      projectId: v.projectId ?? undefined,
      from: v.dates?.[0]?.format('YYYY-MM-DD'),
      to: v.dates?.[1]?.format('YYYY-MM-DD'),
      channel: v.channel || undefined,
      status: v.status || undefined,
      min: v.min?.trim() || undefined,
      max: v.max?.trim() || undefined,
      keyword: v.keyword?.trim() || undefined
    })
  }

  const startExport = async (format: 'csv' | 'xlsx') => {
    try {
      const { id } = await post<ExportId>(StaffApi.exports, { kind: 'ledger', format, filters: query } satisfies ExportBody)
      setExporting({ id, done: 0, total: 0, status: 'running', fileName: '' })
      for (;;) {
        await new Promise((r) => setTimeout(r, 500))
        if (stop.current) return
        const s = await get<ExportStatus>(staffPath(StaffApi.exportStatus, { id }))
        setExporting(s)
        if (s.status === 'failed') throw new Error(t('导出失败', 'The export failed'))
        if (s.status === 'done') {
          await download(staffPath(StaffApi.exportFile, { id }), s.fileName || `ledger.${format}`)
          break
        }
      }
    } catch (e) {
      message.error((e as Error).message)
    }
  }

  return (
    <>
      <Form form={form} layout='inline' onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }} data-testid='ledger-filters'>
        <Form.Item name='projectId' label={t('项目', 'Project')}>
          <ProjectPicker allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name='dates' label={t('日期', 'Dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name='channel' label={t('渠道', 'Channel')}>
          <Select allowClear style={{ width: 130 }} options={LEDGER_CHANNELS.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name='status' label={t('状态', 'Status')}>
          <Select allowClear style={{ width: 120 }} options={LEDGER_STATUSES.map((c) => ({ value: c, label: statusText(c, t) }))} />
        </Form.Item>
        <Form.Item name='min' label={t('金额', 'Amount')} rules={[{ pattern: YUAN_RE, message: t('金额格式不正确', 'Not an amount') }]}>
          <Input placeholder={t('最小', 'min')} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name='max' rules={[{ pattern: YUAN_RE, message: t('金额格式不正确', 'Not an amount') }]}>
          <Input placeholder={t('最大', 'max')} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name='keyword'>
          <Input.Search
            placeholder={t('单号 / 捐赠人 / 项目', 'Bill no. / donor / project')}
            style={{ width: 220 }}
            onSearch={() => form.submit()}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type='primary' htmlType='submit' data-testid='ledger-search'>
              {t('查询', 'Search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields()
                setQuery({})
              }}
            >
              {t('重置', 'Reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type='primary' onClick={() => setOfflineOpen(true)} data-testid='offline-open'>
          {t('录入线下捐赠', 'Enter an offline gift')}
        </Button>
        <Button onClick={() => startExport('csv')} disabled={!!exporting && exporting.status === 'running'} data-testid='export-csv'>
          {t('导出 CSV', 'Export CSV')}
        </Button>
        <Button onClick={() => startExport('xlsx')} disabled={!!exporting && exporting.status === 'running'} data-testid='export-xlsx'>
          {t('导出 XLSX', 'Export XLSX')}
        </Button>
        {exporting && (
          <span style={{ width: 260, display: 'inline-block' }} data-testid='export-progress'>
            <Progress
              size='small'
              status={exporting.status === 'failed' ? 'exception' : exporting.status === 'done' ? 'success' : 'active'}
              percent={exporting.status === 'done' ? 100 : exporting.total ? Math.floor((exporting.done * 100) / exporting.total) : 0}
              format={() => `${exporting.done}/${exporting.total}`}
            />
          </span>
        )}
      </Space>
      <PagedTable<LedgerRow>
        testId='ledger-table'
        path={StaffApi.ledger}
        query={query}
        version={version}
        rowKey='id'
        summary={(p) => {
          const totals = (p as LedgerAnswer).totals
          return (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <b data-testid='ledger-totals'>
                  {t('合计', 'Total')} {totals.count} {t('笔', 'gifts')}
                </b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align='right'>
                <b data-testid='ledger-total-amount'>{formatYuan(totals.amount)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align='right'>
                <span data-testid='ledger-total-matched'>{totals.matchedFen ? formatYuan(totals.matched) : '—'}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} colSpan={4}>
                {t('其中线下', 'of which offline')} {formatYuan(totals.offlineAmount)}
                {totals.refundedFen ? (
                  <span data-testid='ledger-total-refunded'>
                    {' · '}
                    {t('已退款', 'refunded')} {formatYuan(totals.refunded ?? '0.00')}
                  </span>
                ) : null}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }}
        columns={[
          {
            title: t('单号', 'Bill no.'),
            dataIndex: 'billNo',
            width: 200,
            render: (v: string, r) => (
              <Button type='link' size='small' style={{ padding: 0 }} onClick={() => setViewing(r.id)} data-testid={`ledger-open-${r.id}`}>
                {v}
              </Button>
            )
          },
          { title: t('项目', 'Project'), dataIndex: 'projectName', ellipsis: true },
          { title: t('捐赠人', 'Donor'), dataIndex: 'donorName' },
          {
            title: t('金额（元）', 'Amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: string, r) => (
              <>
                {formatYuan(v)}
                {r.refundedFen ? (
                  <div style={{ color: '#ad4e00' }}>
                    {t('已退', 'refunded')} {formatYuan(r.refunded ?? '0.00')}
                  </div>
                ) : null}
              </>
            )
          },
          {
            // giving days' matches (decision 075): the sponsors' money over the gift, apart from its amount
            title: t('配捐（元）', 'Matched'),
            dataIndex: 'matched',
            align: 'right',
            render: (v: string, r) => <span data-testid={`ledger-matched-${r.id}`}>{r.matchedFen ? formatYuan(v) : '—'}</span>
          },
          {
            title: t('渠道', 'Channel'),
            dataIndex: 'channel',
            render: (v: string, r) => (
              <>
                {v} {r.offline ? <Tag color='gold'>{t('线下', 'offline')}</Tag> : null}
              </>
            )
          },
          { title: t('状态', 'Status'), dataIndex: 'status', render: (v: string) => statusText(v, t) },
          {
            title: t('支付时间', 'Paid at'),
            dataIndex: 'paidAt',
            render: (v: string | null) => <span data-testid='ledger-paid-at'>{beijingTime(v, true)}</span>
          },
          {
            title: t('操作', 'Actions'),
            key: 'actions',
            render: (_: unknown, r: LedgerRow) => (
              <Space size='small'>
                {r.status === 'paid' && r.amountFen - (r.refundedFen ?? 0) - (r.refundPendingFen ?? 0) > 0 ? (
                  <Button size='small' data-testid={`ledger-refund-${r.id}`} onClick={() => setRefunding(r)}>
                    {t('退款', 'Refund')}
                  </Button>
                ) : null}
                {r.offline && r.status === 'paid' && !(r.refundedFen ?? 0) ? (
                  <>
                    <Button size='small' onClick={() => setFixing({ row: r, mode: 'correct' })} data-testid='offline-correct'>
                      {t('更正', 'Correct')}
                    </Button>
                    <Button size='small' danger onClick={() => setFixing({ row: r, mode: 'void' })} data-testid='offline-void'>
                      {t('作废', 'Void')}
                    </Button>
                  </>
                ) : null}
              </Space>
            )
          }
        ]}
      />
      <GiftDrawer id={viewing} onClose={() => setViewing(null)} statusText={(s) => statusText(s, t)} />
      <RefundModal
        row={refunding}
        onClose={() => setRefunding(null)}
        onSaved={() => {
          setRefunding(null)
          setVersion((v) => v + 1)
        }}
      />
      <OfflineGiftFixModal
        row={fixing?.row ?? null}
        mode={fixing?.mode ?? 'correct'}
        onClose={() => setFixing(null)}
        onSaved={() => {
          setFixing(null)
          setVersion((v) => v + 1)
        }}
      />
      <OfflineGiftModal
        open={offlineOpen}
        onClose={() => setOfflineOpen(false)}
        onSaved={() => {
          setOfflineOpen(false)
          setVersion((v) => v + 1)
        }}
      />
    </>
  )
}
