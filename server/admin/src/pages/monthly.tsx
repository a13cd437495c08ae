/**
 * Monthly plans (finance; docs/decisions/071-monthly-giving.md, 078-monthly-giving-screens.md): the school's plans by
 * status and project, or only those with failed charges (a charge waiting to retry or failed for good), with the next
 * charge date; the same filters as CSV; and "run collection for a day" for the school's own plans — the same
 * collection the job worker runs every minute and the CLI runs for any day, so a month is still charged once. Only
 * today or an earlier day: a day ahead would charge donors before their date.
 */
import { useState } from 'react'
import { Alert, Button, DatePicker, Popconfirm, Select, Space, Switch, Tag, message } from 'antd'
import type { Dayjs } from 'dayjs'
import { download, get, post, queryString } from '../api'
import { PagedTable } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { StaffApi } from '@contract'
import type { ProjectChoices } from '@contract/schema/staff-money'
import { MONTHLY_PLAN_STATUSES } from '@contract/schema/monthly'
import type {
  StaffMonthlyCollectBody,
  StaffMonthlyCollection,
  StaffMonthlyPlan as Plan,
  StaffMonthlyPlanQuery
} from '@contract/schema/monthly'

const STATUSES: Record<string, [string, string, string]> = {
  signing: ['待签约', 'signing', 'default'],
  active: ['进行中', 'active', 'green'],
  paused: ['已暂停', 'paused', 'orange'],
  stopped: ['已停止', 'stopped', 'default']
}

export function MonthlyPage() {
  const { t } = useLang()
  const [status, setStatus] = useState<NonNullable<StaffMonthlyPlanQuery['status']>>('all')
  const [itemsId, setItemsId] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const [day, setDay] = useState<Dayjs | null>(null)
  const [busy, setBusy] = useState(false)
  const [version, setVersion] = useState(0)
  const [result, setResult] = useState<StaffMonthlyCollection | null>(null)
  const projects = useLoad(() => get<ProjectChoices>(StaffApi.offlineGiftProjects, { limit: 100, offset: 0 }), [])
  const query = { status, itemsId, failed: failed ? 1 : null } satisfies StaffMonthlyPlanQuery

  const runCollection = async () => {
    if (!day) return
    setBusy(true)
    try {
      const r = await post<StaffMonthlyCollection>(StaffApi.monthlyCollect, {
        date: day.format('YYYY-MM-DD')
      } satisfies StaffMonthlyCollectBody)
      setResult(r)
      setVersion((v) => v + 1)
    } catch (e) {
      void message.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const exportCsv = () =>
    download(`${StaffApi.monthlyExport}${queryString(query)}`, 'monthly-plans.csv').catch((e) => void message.error((e as Error).message))

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('状态', 'Status')}
          data-testid='monthly-status'
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('全部状态', 'All statuses') },
            ...MONTHLY_PLAN_STATUSES.map((k) => ({ value: k, label: t(STATUSES[k][0], STATUSES[k][1]) }))
          ]}
        />
        <Select
          aria-label={t('项目', 'Project')}
          data-testid='monthly-project'
          style={{ width: 240 }}
          allowClear
          showSearch
          optionFilterProp='label'
          placeholder={t('全部项目', 'All projects')}
          value={itemsId ?? undefined}
          onChange={(v) => setItemsId(v ?? null)}
          options={(projects.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <Space>
          <Switch
            checked={failed}
            onChange={setFailed}
            aria-label={t('仅看扣款失败', 'Failed charges only')}
            data-testid='monthly-failed'
          />
          <span>{t('仅看扣款失败', 'Failed charges only')}</span>
        </Space>
        <Button onClick={() => void exportCsv()} data-testid='monthly-export'>
          {t('导出 CSV', 'Export CSV')}
        </Button>
      </Space>
      <Alert
        type='info'
        showIcon
        style={{ marginBottom: 16 }}
        message={t(
          '扣款由系统每分钟自动运行；某天没有运行时（如服务停机），可在这里为本校补跑该日的扣款。每个月每项月捐只会扣一次。',
          'Collection runs by itself every minute; for a day it did not run (the server was down), run it here for this school. Each plan is charged once a month however often it runs.'
        )}
        description={
          <Space wrap style={{ marginTop: 8 }}>
            <DatePicker
              aria-label={t('扣款日期', 'Collection day')}
              value={day}
              onChange={setDay}
              disabledDate={(d) => d.isAfter(new Date(), 'day')}
              data-testid='monthly-collect-date'
            />
            <Popconfirm
              title={t('为所选日期运行扣款？', 'Run collection for this day?')}
              okText={t('运行', 'Run')}
              cancelText={t('取消', 'Cancel')}
              onConfirm={() => void runCollection()}
              disabled={!day}
            >
              <Button type='primary' loading={busy} disabled={!day} data-testid='monthly-collect'>
                {t('运行扣款', 'Run collection')}
              </Button>
            </Popconfirm>
            {result && (
              <span data-testid='monthly-collect-result'>
                {t(
                  `${result.day}：到期 ${result.due}，扣款 ${result.attempts}，成功 ${result.paid}，待重试 ${result.retrying}，暂停 ${result.paused}，未回复 ${result.unknown}`,
                  `${result.day}: ${result.due} due, ${result.attempts} attempts, ${result.paid} paid, ${result.retrying} to retry, ${result.paused} paused, ${result.unknown} without answer`
                )}
              </span>
            )}
          </Space>
        }
      />
      <PagedTable<Plan>
        path={StaffApi.monthlyPlans}
        query={query}
        rowKey='id'
        version={version}
        testId='monthly-plans'
        columns={[
          {
            title: t('月捐编号', 'Plan'),
            dataIndex: 'planNo',
            render: (n: string, r) => (
              <span title={r.agreementNo ? `${r.provider} ${r.agreementNo}` : r.provider} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {n}
              </span>
            )
          },
          { title: t('捐赠人', 'Donor'), dataIndex: 'donorName', width: 120, render: (n: string, r) => n || `#${r.userId}` },
          { title: t('项目', 'Project'), dataIndex: 'itemsName' },
          { title: t('每月金额', 'Monthly'), dataIndex: 'money', align: 'right', render: (m: string) => `¥${m}` },
          { title: t('扣款日', 'Day'), dataIndex: 'dayOfMonth', align: 'right', width: 80 },
          {
            title: t('状态', 'Status'),
            dataIndex: 'status',
            render: (s: string) => {
              const [zh, en, color] = STATUSES[s] ?? [s, s, 'default']
              return <Tag color={color}>{t(zh, en)}</Tag>
            }
          },
          {
            title: t('下次扣款', 'Next charge'),
            dataIndex: 'nextChargeOn',
            render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{d || '—'}</span>
          },
          {
            title: t('失败扣款', 'Failed charges'),
            dataIndex: 'failedCharges',
            align: 'right',
            width: 110,
            render: (n: number) => (n ? <Tag color='red'>{n}</Tag> : 0)
          },
          // the provider and its agreement number are in the CSV: the table keeps to what staff scan
          { title: t('创建时间', 'Created'), dataIndex: 'createdAt' }
        ]}
      />
    </>
  )
}
