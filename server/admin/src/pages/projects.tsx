import { useState } from 'react'
import { Button, Input, Progress, Select, Space, Tag } from 'antd'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { navigate } from '../router'
import { StaffApi } from '@contract'
import type { StaffProjectRow } from '@contract/schema/staff-projects'

/** A row of GET /projects: the contract's type (types/schema/staff-projects.ts). */
export type ProjectRow = StaffProjectRow

export function statusTag(s: string, t: (zh: string, en: string) => string) {
  const m: Record<string, [string, string, string]> = {
    open: ['green', '进行中', 'Open'],
    paused: ['orange', '已暂停', 'Paused'],
    complete: ['default', '已结束', 'Complete']
  }
  const [c, zh, en] = m[s] ?? ['default', s, s]
  return <Tag color={c}>{t(zh, en)}</Tag>
}

export function ProjectsPage() {
  const { t } = useLang()
  const [keyword, setKeyword] = useState('')
  const [status, setStatus] = useState<string | undefined>()
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type='primary' onClick={() => navigate('projects/new')} data-testid='project-new'>
          {t('新建项目', 'New project')}
        </Button>
        <Input.Search
          allowClear
          placeholder={t('项目名称', 'Project name')}
          onSearch={(v) => setKeyword(v.trim())}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('状态', 'Status')}
          allowClear
          placeholder={t('状态', 'Status')}
          style={{ width: 120 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'open', label: t('进行中', 'Open') },
            { value: 'paused', label: t('已暂停', 'Paused') },
            { value: 'complete', label: t('已结束', 'Complete') }
          ]}
        />
      </Space>
      <PagedTable<ProjectRow>
        testId='projects-table'
        path={StaffApi.projects}
        query={{ keyword: keyword || undefined, status }}
        rowKey='id'
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('项目', 'Project'),
            dataIndex: 'name',
            width: 280,
            render: (v: string, r) => (
              <a onClick={() => navigate(`projects/${r.id}`)} data-testid={`project-${r.id}`}>
                {v}
              </a>
            )
          },
          { title: t('分类', 'Category'), dataIndex: 'typeName', width: 120 },
          {
            title: t('类型', 'Type'),
            key: 'type',
            width: 110,
            render: (_, r) => (r.itemsType === 2 ? t('冠名', 'Naming') : r.crowdType === 2 ? t('物资', 'Goods') : t('资金', 'Money'))
          },
          { title: t('已筹（元）', 'Raised'), dataIndex: 'raised', align: 'right', render: (v: string) => formatYuan(v) },
          {
            title: t('目标', 'Target'),
            key: 'target',
            width: 160,
            render: (_, r) =>
              r.isLimit && r.targetFen > 0 ? (
                <>
                  {formatYuan(r.target)}
                  <Progress
                    aria-label={t('筹款进度', 'Raised of target')}
                    size='small'
                    percent={Math.min(100, Math.floor((r.raisedFen * 100) / r.targetFen))}
                  />
                </>
              ) : (
                t('不限', 'None')
              )
          },
          { title: t('笔数', 'Gifts'), dataIndex: 'payCounts', align: 'right', width: 70 },
          { title: t('状态', 'Status'), dataIndex: 'status', width: 90, render: (s: string) => statusTag(s, t) },
          {
            title: t('日期', 'Dates'),
            key: 'd',
            width: 200,
            render: (_, r) => (r.startDate || r.endDate ? `${r.startDate || '…'} ~ ${r.endDate || '…'}` : '—')
          }
        ]}
      />
    </>
  )
}
