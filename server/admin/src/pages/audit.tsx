import { useState } from 'react'
import { Input, Space } from 'antd'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { beijingTime } from '../time'
import { StaffApi } from '@contract'
import type { AuditQuery, AuditRow } from '@contract/schema/staff-console'

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 1))

/** Who changed what, when, with the value before and after (admin). */
export function AuditPage() {
  const { t } = useLang()
  const [entity, setEntity] = useState('')
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('对象类型，如 project', 'Entity, e.g. project')}
          onSearch={(v) => setEntity(v.trim())}
          style={{ width: 260 }}
        />
      </Space>
      <PagedTable<AuditRow>
        path={StaffApi.audit}
        query={{ entity: entity || undefined } satisfies AuditQuery}
        rowKey='id'
        columns={[
          { title: t('时间', 'When'), dataIndex: 'at', width: 170, render: (v: string) => beijingTime(v, true) },
          { title: t('操作人', 'Who'), dataIndex: 'staffName', width: 120 },
          { title: t('操作', 'Action'), dataIndex: 'action', width: 180 },
          { title: t('对象', 'Entity'), key: 'e', width: 140, render: (_, r) => `${r.entity} ${r.entityId ?? ''}` },
          {
            title: t('变更前 → 变更后', 'Before → after'),
            key: 'diff',
            render: (_, r) => (
              // a long change scrolls inside its cell; tabIndex lets keyboard users reach and scroll it
              <div
                role='region'
                tabIndex={0}
                aria-label={`${t('变更前 → 变更后', 'Before → after')} #${r.id}`}
                style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', maxHeight: 120, overflow: 'auto' }}
              >
                {json(r.before)} → {json(r.after)}
              </div>
            )
          }
        ]}
      />
    </>
  )
}
