/** Pieces every screen uses: a paged server table with loading, empty and error states, and form helpers. */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Progress,
  Select,
  Spin,
  Table,
  type RefSelectProps,
  type SelectProps,
  type TableColumnsType
} from 'antd'
import type { CheckboxGroupProps } from 'antd/es/checkbox'
import { get, type Page } from './api'
import type { ProjectChoices, ProjectChoicesQuery } from '@contract/schema/staff-money'
import { useLoad } from './hooks'
import { useLang } from './i18n'
import { isPositiveYuan } from './money'
import { StaffApi } from '@contract'

export function LoadError({ error, onRetry }: { error: string; onRetry?: () => void }) {
  const { t } = useLang()
  return (
    <Alert
      type='error'
      showIcon
      message={t('加载失败', 'Could not load')}
      description={error}
      action={onRetry && <Button onClick={onRetry}>{t('重试', 'Retry')}</Button>}
      style={{ marginBottom: 16 }}
      data-testid='load-error'
    />
  )
}

export function EmptyState({ text }: { text?: string }) {
  const { t } = useLang()
  return <Empty description={text ?? t('暂无数据', 'Nothing here yet')} />
}

/** GET `path` with {limit, offset} plus `query`; the table pages on the server. `version` bumps reload it. */
export function PagedTable<T extends object>(props: {
  path: string
  query?: Record<string, string | number | null | undefined>
  columns: TableColumnsType<T>
  rowKey: keyof T & string
  version?: number
  pageSize?: number
  summary?: (page: Page<T>) => ReactNode
  testId?: string
  /** the keys of the rows ticked for a bulk action, and which rows can be ticked at all */
  selection?: { keys: number[]; onChange: (keys: number[], rows: T[]) => void; disabled?: (row: T) => boolean }
}) {
  const { t } = useLang()
  const size = props.pageSize ?? 20
  const [page, setPage] = useState(1)
  const q = JSON.stringify(props.query ?? {})
  const { data, error, loading, reload } = useLoad(
    () => get<Page<T>>(props.path, { ...props.query, limit: size, offset: (page - 1) * size }),
    [props.path, q, page, props.version]
  )
  return (
    <>
      {error && <LoadError error={error} onRetry={reload} />}
      <Table<T>
        data-testid={props.testId}
        size='middle'
        rowKey={props.rowKey}
        loading={loading}
        rowSelection={
          props.selection
            ? {
                selectedRowKeys: props.selection.keys,
                onChange: (keys, rows) => props.selection!.onChange(keys.map(Number), rows),
                getCheckboxProps: (r) => ({
                  disabled: props.selection!.disabled?.(r) ?? false,
                  'aria-label': `${t('选择', 'Tick')} #${String(r[props.rowKey])}`
                })
              }
            : undefined
        }
        columns={props.columns}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: <EmptyState /> }}
        pagination={{ current: page, pageSize: size, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        summary={data && props.summary ? () => props.summary!(data) : undefined}
      />
    </>
  )
}

/** antd form rule: a positive yuan amount with at most two decimals (the server takes yuan strings, never floats). */
export function yuanRule(t: (zh: string, en: string) => string, required = true) {
  return {
    validator: async (_: unknown, v: unknown) => {
      const s = v === undefined || v === null ? '' : String(v).trim()
      if (!s && !required) return
      if (!isPositiveYuan(s)) throw new Error(t('请输入正确的金额（最多两位小数）', 'Enter an amount in yuan (at most two decimals)'))
    }
  }
}

/**
 * A select in a required Form.Item. antd's Form.Item gives its child aria-required, and antd's Select writes it on its
 * wrapper <div> (no role: axe's aria-allowed-attr, critical) as well as on its combobox input; this one keeps it on
 * the combobox only (docs/decisions/072-axe-clean.md).
 */
export function RequiredSelect(props: SelectProps & { 'aria-required'?: boolean | 'true' | 'false' }) {
  const { 'aria-required': required, ...rest } = props
  const ref = useRef<RefSelectProps>(null)
  useEffect(() => {
    const input = ref.current?.nativeElement?.querySelector('[role="combobox"]')
    if (input) input.setAttribute('aria-required', required === true || required === 'true' ? 'true' : 'false')
  })
  return <Select ref={ref} {...rest} />
}

/**
 * A required Checkbox.Group inside a Form.Item: the item puts `aria-required` on the group's wrapper <div>, which has no
 * role (axe's aria-allowed-attr, critical; and a group cannot be required in ARIA). This one drops it and names the
 * wrapper as a group (the label says it is required with its mark) (docs/decisions/072-axe-clean.md).
 */
export function RequiredCheckboxGroup(props: CheckboxGroupProps & { 'aria-required'?: unknown; label: string }) {
  const { 'aria-required': _required, label, ...rest } = props
  // antd passes unknown props to the wrapper <div>; its props type does not list them
  const a11y: object = { role: 'group', 'aria-label': label }
  return <Checkbox.Group {...rest} {...a11y} />
}

/**
 * Picks a project by name (or id) instead of typing its id: searches the school's projects as staff type, newest
 * first when nothing is typed. The value is the project id, as the form sends it.
 */
export function ProjectPicker({
  value,
  onChange,
  id,
  allowClear,
  style
}: {
  value?: number
  onChange?: (id: number | undefined) => void
  id?: string
  allowClear?: boolean
  style?: CSSProperties
}) {
  const { t } = useLang()
  const [options, setOptions] = useState<{ value: number; label: string }[]>([])
  const [loading, setLoading] = useState(false)
  const seq = useRef(0)
  const search = (keyword: string) => {
    const n = ++seq.current
    setLoading(true)
    get<ProjectChoices>(StaffApi.offlineGiftProjects, {
      keyword: keyword.trim() || undefined,
      limit: 20,
      offset: 0
    } satisfies ProjectChoicesQuery).then(
      (page) => {
        if (n !== seq.current) return
        setOptions(page.rows.map((p) => ({ value: p.id, label: `#${p.id} ${p.name}` })))
        setLoading(false)
      },
      () => n === seq.current && setLoading(false)
    )
  }
  useEffect(() => search(''), [])
  return (
    <Select<number>
      id={id}
      showSearch
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear={allowClear}
      style={style}
      placeholder={t('输入项目名称搜索', 'Type to search projects')}
      filterOption={false}
      onSearch={search}
      options={options}
      notFoundContent={loading ? <Spin size='small' /> : <EmptyState text={t('没有匹配的项目', 'No matching project')} />}
      data-testid='project-picker'
    />
  )
}

/** What a bulk action did: how many items moved and, for each one that did not, the server's reason. */
export interface BulkResult {
  done: number
  failed: { id: number; message: string }[]
}

/**
 * Bulk actions over ticked rows (docs/decisions/083-console-gift-drawer-and-bulk-actions.md): each item goes
 * through the same per-item request as its own button, one after the other, so each is checked, audited and
 * refused on its own; a progress bar shows the run and a summary names every item that was refused and why.
 */
export function useBulk() {
  const { t } = useLang()
  const [progress, setProgress] = useState<{ label: string; done: number; total: number } | null>(null)
  const [result, setResult] = useState<(BulkResult & { label: string }) | null>(null)
  const run = async (label: string, ids: number[], one: (id: number) => Promise<unknown>): Promise<BulkResult> => {
    const r: BulkResult = { done: 0, failed: [] }
    setResult(null)
    setProgress({ label, done: 0, total: ids.length })
    for (const [i, id] of ids.entries()) {
      try {
        await one(id)
        r.done++
      } catch (e) {
        r.failed.push({ id, message: (e as Error).message })
      }
      setProgress({ label, done: i + 1, total: ids.length })
    }
    setProgress(null)
    setResult({ ...r, label })
    return r
  }
  const view = (
    <>
      {progress ? (
        <div style={{ marginBottom: 12, maxWidth: 420 }} data-testid='bulk-progress'>
          {progress.label}{' '}
          <Progress
            size='small'
            percent={Math.floor((progress.done * 100) / progress.total)}
            format={() => `${progress.done}/${progress.total}`}
          />
        </div>
      ) : null}
      {result ? (
        <Alert
          style={{ marginBottom: 12 }}
          showIcon
          closable
          onClose={() => setResult(null)}
          type={result.failed.length ? 'warning' : 'success'}
          data-testid='bulk-result'
          message={`${result.label}: ${t('完成', 'done')} ${result.done}${result.failed.length ? `, ${t('未完成', 'not done')} ${result.failed.length}` : ''}`}
          description={
            result.failed.length ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {result.failed.map((f) => (
                  <li key={f.id}>
                    #{f.id}: {f.message}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </>
  )
  return { run, running: progress !== null, view }
}
