import { Alert, Table } from 'antd'
import { get } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { StaffApi } from '@contract'
import type { MissingTextPage } from '@contract/schema/staff-console'

const WHERE: Record<string, [string, string]> = {
  donation_form: ['捐赠表单', 'Donation form'],
  project_type: ['项目分类', 'Category'],
  school_setting: ['学校设置（协议）', 'School settings (agreement)'],
  sub_project: ['子项目', 'Sub-item'],
  project: ['项目（固定金额说明）', 'Project (preset captions)']
}

/** The school's texts with no English yet: English-speaking donors see the Chinese for each (editor). */
export function MissingTextsPage() {
  const { t } = useLang()
  const { data, error, loading, reload } = useLoad(() => get<MissingTextPage>(StaffApi.missingTexts), [])
  if (error) return <LoadError error={error} onRetry={reload} />
  return (
    <>
      <Alert
        type={data && data.total > 0 ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid='missing-texts-summary'
        message={
          data && data.total > 0
            ? t(
                `${data.total} 处文本还没有英文，英文访客会看到中文`,
                `${data.total} texts have no English yet: English visitors see the Chinese`
              )
            : t('所有文本都有英文', 'Every text has its English')
        }
      />
      <Table<MissingTextPage['rows'][number]>
        rowKey={(r) => `${r.table}:${r.id}:${r.key}`}
        loading={loading}
        dataSource={data?.rows ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: <EmptyState text={t('没有缺少英文的文本', 'No text is missing its English')} /> }}
        columns={[
          {
            title: t('位置', 'Where'),
            key: 'where',
            width: 220,
            render: (_, r) => `${t(...(WHERE[r.table] ?? [r.table, r.table]))} #${r.id}`
          },
          { title: t('字段', 'Field'), dataIndex: 'key', width: 280 },
          { title: t('中文（当前显示）', 'Chinese (shown now)'), dataIndex: 'zh' }
        ]}
      />
    </>
  )
}
