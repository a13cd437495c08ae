/**
 * Naming inventory: what is free, held and named per item; areas and their seats (price, shown or not); books and
 * their stock; map configs as JSON (checked for syntax before sending). Editors change them, fulfilment reads.
 */
import { useState } from 'react'
import { Alert, App, Button, Card, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs, Tag } from 'antd'
import { get, post } from '../api'
import { EmptyState, LoadError, PagedTable, yuanRule } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { allowed, useMe } from '../me'
import { formatYuan } from '../money'
import { StaffApi, staffPath } from '@contract'
import type {
  NamingBookBody,
  NamingMapBody,
  NamingSeatBody,
  NamingSummary,
  NamingSummaryRow as Summary,
  StaffAreaPage,
  StaffBook,
  StaffBookPage,
  StaffMap,
  StaffMapPage,
  StaffSeat
} from '@contract/schema/staff-console'

// a seat's price period as the editor sends it (the answer's periods also carry termFen)
type Term = NonNullable<NamingSeatBody['price']>[number]
const rowsOf = <X,>(d: X[] | { rows: X[] } | null): X[] => (Array.isArray(d) ? d : (d?.rows ?? []))

export function NamingPage() {
  const { t } = useLang()
  return (
    <Tabs
      items={[
        { key: 'summary', label: t('库存概览', 'Summary'), children: <SummaryTab /> },
        { key: 'seats', label: t('区域与座位', 'Areas and seats'), children: <SeatsTab /> },
        { key: 'books', label: t('图书库存', 'Books'), children: <BooksTab /> },
        { key: 'maps', label: t('地图配置', 'Map configs'), children: <MapsTab /> }
      ]}
    />
  )
}

function SummaryTab() {
  const { t } = useLang()
  const { data, error, loading, reload } = useLoad(() => get<NamingSummary>(StaffApi.namingSummary), [])
  if (error) return <LoadError error={error} onRetry={reload} />
  return (
    <Table<Summary>
      rowKey='itemId'
      loading={loading}
      dataSource={rowsOf(data)}
      locale={{ emptyText: <EmptyState /> }}
      columns={[
        { title: t('项目', 'Item'), dataIndex: 'name' },
        { title: t('空闲', 'Free'), dataIndex: 'free', align: 'right', render: (v: number) => <Tag color='green'>{v}</Tag> },
        { title: t('锁定中', 'Held'), dataIndex: 'held', align: 'right', render: (v: number) => <Tag color='orange'>{v}</Tag> },
        { title: t('已冠名', 'Named'), dataIndex: 'named', align: 'right', render: (v: number) => <Tag color='blue'>{v}</Tag> },
        { title: t('不可用', 'Unavailable'), dataIndex: 'unavailable', align: 'right' },
        {
          title: t('图书（库存/锁定/冠名）', 'Books (stock/held/named)'),
          dataIndex: 'books',
          render: (b: Summary['books']) => (b ? `${b.stock} / ${b.held} / ${b.named}` : '—')
        }
      ]}
    />
  )
}

function SeatsTab() {
  const { t } = useLang()
  const { message } = App.useApp()
  const me = useMe()
  const canEdit = allowed(me, ['editor'])
  const summary = useLoad(() => get<NamingSummary>(StaffApi.namingSummary), [])
  const [itemId, setItemId] = useState<number | undefined>()
  const areas = useLoad(
    () => (itemId ? get<StaffAreaPage>(StaffApi.namingAreas, { itemId }) : Promise.resolve<StaffAreaPage>({ total: 0, rows: [] })),
    [itemId]
  )
  const [areaId, setAreaId] = useState<number | undefined>()
  const [version, setVersion] = useState(0)
  const [price, setPrice] = useState<{ id: number; terms: Term[] } | null>(null)
  const savePrice = async () => {
    if (!price) return
    for (const term of price.terms) {
      const err = await yuanRule(t)
        .validator(null, term.termMoney)
        .then(() => (term.termName.trim() ? '' : t('请填写期限名称', 'Name each term')))
        .catch((e: Error) => e.message)
      if (err) return void message.error(err)
    }
    try {
      await post(staffPath(StaffApi.namingSeat, { id: price.id }), {
        price: price.terms.map((x) => ({ termName: x.termName.trim(), termYear: x.termYear, termMoney: x.termMoney.trim() }))
      } satisfies NamingSeatBody)
      setPrice(null)
      setVersion((v) => v + 1)
    } catch (e) {
      message.error((e as Error).message)
    }
  }
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          placeholder={t('选择冠名项目', 'Choose an item')}
          style={{ width: 260 }}
          value={itemId}
          onChange={(v) => {
            setItemId(v)
            setAreaId(undefined)
          }}
          options={rowsOf(summary.data).map((s) => ({ value: s.itemId, label: s.name }))}
        />
        <Select
          placeholder={t('选择区域', 'Choose an area')}
          style={{ width: 220 }}
          value={areaId}
          onChange={setAreaId}
          options={rowsOf(areas.data).map((a) => ({ value: a.id, label: `${String(a.title)} (${String(a.seats)})` }))}
        />
      </Space>
      {areas.error && <LoadError error={areas.error} onRetry={areas.reload} />}
      {areaId ? (
        <PagedTable<StaffSeat>
          path={staffPath(StaffApi.namingAreaSeats, { id: areaId })}
          rowKey='id'
          version={version}
          pageSize={50}
          columns={[
            { title: t('座位', 'Seat'), dataIndex: 'label' },
            {
              title: t('价格（元）', 'Price'),
              key: 'p',
              render: (_, r) => r.effectivePrices.map((x) => `${x.termName} ${formatYuan(x.termMoney)}`).join('；')
            },
            { title: t('状态', 'State'), dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
            {
              title: t('显示', 'Shown'),
              key: 'show',
              render: (_, r) => (
                <Switch
                  size='small'
                  disabled={!canEdit}
                  checked={!!r.show}
                  onChange={(show) =>
                    post(staffPath(StaffApi.namingSeat, { id: r.id }), { show } satisfies NamingSeatBody).then(
                      () => setVersion((v) => v + 1),
                      (e: Error) => message.error(e.message)
                    )
                  }
                />
              )
            },
            {
              title: '',
              key: 'op',
              render: (_, r) =>
                canEdit && (
                  <Button
                    size='small'
                    onClick={() =>
                      setPrice({
                        id: r.id,
                        terms: (r.prices.length ? r.prices : r.effectivePrices).map((x) => ({ ...x }))
                      })
                    }
                  >
                    {t('改价', 'Price')}
                  </Button>
                )
            }
          ]}
        />
      ) : (
        <EmptyState text={t('请选择项目和区域', 'Choose an item and an area')} />
      )}
      <Modal
        open={!!price}
        width={640}
        title={t('座位价格（留空则用区域价格）', 'Seat prices (none: the area prices)')}
        onCancel={() => setPrice(null)}
        onOk={savePrice}
      >
        {price?.terms.map((x, i) => (
          <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
            <Input
              placeholder={t('期限名称', 'Term')}
              value={x.termName}
              onChange={(e) =>
                setPrice((p) => p && { ...p, terms: p.terms.map((y, j) => (j === i ? { ...y, termName: e.target.value } : y)) })
              }
            />
            <InputNumber
              min={0}
              max={100}
              precision={0}
              addonAfter={t('年', 'years')}
              value={x.termYear}
              onChange={(v) => setPrice((p) => p && { ...p, terms: p.terms.map((y, j) => (j === i ? { ...y, termYear: v ?? 0 } : y)) })}
            />
            <Input
              addonAfter={t('元', 'yuan')}
              value={x.termMoney}
              onChange={(e) =>
                setPrice((p) => p && { ...p, terms: p.terms.map((y, j) => (j === i ? { ...y, termMoney: e.target.value } : y)) })
              }
            />
            <Button type='link' danger onClick={() => setPrice((p) => p && { ...p, terms: p.terms.filter((_, j) => j !== i) })}>
              {t('删除', 'Remove')}
            </Button>
          </Space>
        ))}
        <Button onClick={() => setPrice((p) => p && { ...p, terms: [...p.terms, { termName: '', termYear: 1, termMoney: '' }] })}>
          {t('添加期限', 'Add a term')}
        </Button>
      </Modal>
    </>
  )
}

function BooksTab() {
  const { t } = useLang()
  const { message } = App.useApp()
  const canEdit = allowed(useMe(), ['editor'])
  const { data, error, loading, reload } = useLoad(() => get<StaffBookPage>(StaffApi.namingBooks), [])
  const [stock, setStock] = useState<Record<number, number>>({})
  if (error) return <LoadError error={error} onRetry={reload} />
  return (
    <Table<StaffBook>
      rowKey='id'
      loading={loading}
      dataSource={rowsOf(data)}
      locale={{ emptyText: <EmptyState /> }}
      columns={[
        { title: t('书名', 'Title'), dataIndex: 'title' },
        { title: t('作者', 'Author'), dataIndex: 'author' },
        { title: t('单价（元）', 'Unit price'), dataIndex: 'unitPrice', align: 'right', render: (v: string) => formatYuan(v) },
        { title: t('锁定', 'Held'), dataIndex: 'held', align: 'right' },
        { title: t('可用', 'Available'), dataIndex: 'available', align: 'right' },
        {
          title: t('库存', 'Stock'),
          key: 's',
          render: (_, r) => (
            <Space>
              <InputNumber
                min={0}
                precision={0}
                disabled={!canEdit}
                value={stock[r.id] ?? r.stock}
                onChange={(v) => setStock((s) => ({ ...s, [r.id]: v ?? 0 }))}
              />
              {canEdit && stock[r.id] !== undefined && (
                <Button
                  size='small'
                  type='primary'
                  onClick={() =>
                    post(staffPath(StaffApi.namingBook, { id: r.id }), { stock: stock[r.id] } satisfies NamingBookBody).then(
                      () => {
                        setStock(({ [r.id]: _, ...rest }) => rest)
                        reload()
                      },
                      (e: Error) => message.error(e.message)
                    )
                  }
                >
                  {t('保存', 'Save')}
                </Button>
              )}
            </Space>
          )
        }
      ]}
    />
  )
}

function MapsTab() {
  const { t } = useLang()
  const { message } = App.useApp()
  const canEdit = allowed(useMe(), ['editor'])
  const { data, error, loading, reload } = useLoad(() => get<StaffMapPage>(StaffApi.namingMaps), [])
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null)
  const [err, setErr] = useState('')
  if (error) return <LoadError error={error} onRetry={reload} />
  const save = async () => {
    if (!editing) return
    let config: unknown
    try {
      config = JSON.parse(editing.text)
    } catch (e) {
      return setErr(t(`JSON 格式错误：${(e as Error).message}`, `Not valid JSON: ${(e as Error).message}`))
    }
    if (!config || typeof config !== 'object' || Array.isArray(config))
      return setErr(t('配置须为 JSON 对象', 'The config must be a JSON object'))
    try {
      await post(staffPath(StaffApi.namingMap, { id: editing.id }), { config: config as NamingMapBody['config'] })
      message.success(t('已保存', 'Saved'))
      setEditing(null)
      reload()
    } catch (e) {
      setErr((e as Error).message)
    }
  }
  return (
    <>
      <Table<StaffMap>
        rowKey='id'
        loading={loading}
        dataSource={rowsOf(data)}
        locale={{ emptyText: <EmptyState /> }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('名称', 'Name'), dataIndex: 'title' },
          { title: 'Key', dataIndex: 'mapKey' },
          { title: t('层级', 'Level'), dataIndex: 'level', width: 70 },
          {
            title: '',
            key: 'op',
            render: (_, r) => (
              <Button
                size='small'
                onClick={() => {
                  setErr('')
                  setEditing({ id: r.id, text: JSON.stringify(r.config ?? {}, null, 2) })
                }}
              >
                {canEdit ? t('编辑配置', 'Edit config') : t('查看配置', 'View config')}
              </Button>
            )
          }
        ]}
      />
      <Modal
        open={!!editing}
        width={760}
        title={t('地图配置', 'Map config')}
        onCancel={() => setEditing(null)}
        onOk={save}
        okButtonProps={{ disabled: !canEdit }}
      >
        {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
        <Card size='small'>
          <Input.TextArea
            rows={18}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            value={editing?.text}
            readOnly={!canEdit}
            onChange={(e) => setEditing((x) => x && { ...x, text: e.target.value })}
          />
        </Card>
      </Modal>
    </>
  )
}
