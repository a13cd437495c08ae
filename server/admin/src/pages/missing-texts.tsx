import { Alert, Button, Table, Typography } from 'antd'
import { get } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { navigate } from '../router'
import { StaffApi } from '@contract'
import type { MissingTextPage } from '@contract/schema/staff-console'

const WHERE: Record<string, [string, string]> = {
  donation_form: ['捐赠表单', 'Donation form'],
  project_type: ['项目分类', 'Category'],
  school_setting: ['学校设置（协议）', 'School settings (agreement)'],
  sub_project: ['子项目', 'Sub-item'],
  // a project's name, intro, page, goods words, pause reason and preset captions (decision 073); a naming campaign's
  // words are its project's
  project: ['项目', 'Project'],
  // an article's title and body (decision 086)
  article: ['文章', 'Article'],
  award: ['勋章', 'Badge'],
  giving_day: ['捐赠日', 'Giving day'],
  giving_day_match: ['捐赠日配捐', 'Giving day match'],
  giving_day_challenge: ['捐赠日挑战', 'Giving day challenge']
}

/** The Chinese name of each key (the table's column names and list paths) as the editor labels it. */
const KEYS: Record<string, [string, string]> = {
  name: ['名称', 'Name'],
  intro: ['简介', 'Intro'],
  content: ['项目详情', 'Content'],
  material_name: ['物资名称', 'Goods name'],
  material_unit: ['物资单位', 'Goods unit'],
  no_reason: ['暂停原因', 'Reason shown while paused'],
  title: ['标题', 'Title'],
  description: ['说明', 'Explanation'],
  sponsor: ['出资方', 'Sponsor']
}

type Row = MissingTextPage['rows'][number]

/** Where the console edits a row's English: a project's editor (its own words, sub-projects, form), an article's. */
function editPath(r: Row): string | null {
  if (r.table === 'article') return `articles/${r.id}`
  return r.projectId ? `projects/${r.projectId}` : null
}

/**
 * The school's texts without English: English-speaking donors see the Chinese for each (editor). A row of a project,
 * its sub-projects or its form opens the project's editor, an article's row the article's, where each English text
 * sits under its Chinese one; categories, school settings, badges and giving days have no English input in the
 * console (their English is entered through the staff API or the seed), so their rows say so. The summary counts every row, so it never reads "all translated" while a row is listed.
 */
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
      <Table<Row>
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
          {
            title: t('字段', 'Field'),
            key: 'key',
            width: 280,
            // list paths inside forms and presets (field_list.…, fix_money.0) are shown as they are
            render: (_, r) => (KEYS[r.key] ? `${t(...KEYS[r.key])} (${r.key})` : r.key)
          },
          { title: t('中文（当前显示）', 'Chinese (shown now)'), dataIndex: 'zh' },
          {
            title: '',
            key: 'edit',
            width: 160,
            render: (_, r) => {
              const to = editPath(r)
              return to ? (
                <Button
                  type='link'
                  onClick={() => navigate(to)}
                  data-testid={r.table === 'project' ? `missing-edit-${r.id}-${r.key}` : `missing-edit-${r.table}-${r.id}-${r.key}`}
                >
                  {t('填写英文', 'Add English')}
                </Button>
              ) : (
                <Typography.Text type='secondary'>{t('控制台内无英文输入', 'No English input in the console')}</Typography.Text>
              )
            }
          }
        ]}
      />
    </>
  )
}
