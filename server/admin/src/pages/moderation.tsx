import { useState } from 'react'
import { App, Button, Image, Segmented, Space, Tag } from 'antd'
import { post } from '../api'
import { PagedTable, useBulk } from '../components'
import { useLang } from '../i18n'
import { beijingTime } from '../time'
import { StaffApi, staffPath } from '@contract'
import type { ModerationDecisionBody, ModerationItem as Item } from '@contract/schema/staff-console'

/**
 * Donor content the content check held (docs/decisions/042-content-security.md): visible to its author only until
 * approved here (editor). Nameplates have their own review page.
 */
export function ModerationPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const [state, setState] = useState('held')
  const [version, setVersion] = useState(0)
  const [ticked, setTicked] = useState<number[]>([])
  const bulk = useBulk()
  const decide = (id: number, what: 'approve' | 'reject') =>
    post(
      staffPath(what === 'approve' ? StaffApi.moderationApprove : StaffApi.moderationReject, { id }),
      {} satisfies ModerationDecisionBody
    )
  const decideTicked = async (what: 'approve' | 'reject') => {
    await bulk.run(what === 'approve' ? t('批量通过', 'Approve ticked') : t('批量驳回', 'Reject ticked'), ticked, (id) => decide(id, what))
    setTicked([])
    setVersion((v) => v + 1)
  }
  const act = (m: Item, what: 'approve' | 'reject') =>
    decide(m.id, what).then(
      () => setVersion((v) => v + 1),
      (e: Error) => message.error(e.message)
    )
  const kinds: Record<Item['kind'], string> = {
    message: t('留言', 'message'),
    nickname: t('昵称', 'nickname'),
    avatar: t('头像', 'avatar'),
    together: t('一起捐', 'joint donation')
  }
  const reasonText = (r: string) =>
    r === 'unconfigured'
      ? t('未配置内容安全检测', 'no checker configured')
      : r === 'failed'
        ? t('检测服务失败', 'checker failed')
        : r === 'pending'
          ? t('等待微信结果', 'waiting for WeChat')
          : r.startsWith('review')
            ? t('平台建议人工审核', 'platform asks for review') + r.slice(6)
            : r
  const open = state === 'held' || state === 'checking'
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        value={state}
        onChange={(v) => {
          setState(String(v))
          setTicked([])
        }}
        options={[
          { value: 'held', label: t('待审核', 'Held') },
          { value: 'checking', label: t('检测中', 'Checking') },
          { value: 'approved', label: t('已通过', 'Approved') },
          { value: 'rejected', label: t('已驳回', 'Rejected') }
        ]}
      />
      {open ? (
        <Space style={{ display: 'flex', marginBottom: 12 }} data-testid='moderation-bulk'>
          <span>
            {t('已选', 'Ticked')} {ticked.length}
          </span>
          <Button
            type='primary'
            disabled={!ticked.length || bulk.running}
            onClick={() => void decideTicked('approve')}
            data-testid='bulk-approve'
          >
            {t('通过所选', 'Approve ticked')}
          </Button>
          <Button danger disabled={!ticked.length || bulk.running} onClick={() => void decideTicked('reject')} data-testid='bulk-reject'>
            {t('驳回所选', 'Reject ticked')}
          </Button>
        </Space>
      ) : null}
      {bulk.view}
      <PagedTable<Item>
        testId='moderation-table'
        selection={open ? { keys: ticked, onChange: (keys) => setTicked(keys) } : undefined}
        path={StaffApi.moderation}
        query={{ state }}
        version={version}
        rowKey='id'
        columns={[
          { title: t('时间', 'When'), dataIndex: 'createdAt', width: 150, render: (v: string) => beijingTime(v) },
          { title: t('类型', 'Kind'), dataIndex: 'kind', width: 100, render: (k: Item['kind']) => <Tag>{kinds[k] ?? k}</Tag> },
          { title: t('作者', 'Author'), dataIndex: 'nickname', width: 120 },
          {
            title: t('内容', 'Content'),
            key: 'c',
            render: (_, m) =>
              m.kind === 'avatar' ? (
                <Image src={m.content} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} />
              ) : (
                <span style={{ whiteSpace: 'pre-wrap' }}>{m.content}</span>
              )
          },
          { title: t('项目', 'Project'), dataIndex: 'itemsName', ellipsis: true, width: 160 },
          {
            title: t('原因', 'Why held'),
            key: 'r',
            width: 180,
            render: (_, m) => (
              <span>
                {reasonText(m.reason)} <Tag>{m.checker}</Tag>
              </span>
            )
          },
          {
            title: '',
            key: 'op',
            width: 150,
            render: (_, m) =>
              open ? (
                <Space>
                  <Button size='small' type='primary' onClick={() => act(m, 'approve')}>
                    {t('通过', 'Approve')}
                  </Button>
                  <Button size='small' danger onClick={() => act(m, 'reject')}>
                    {t('驳回', 'Reject')}
                  </Button>
                </Space>
              ) : (
                beijingTime(m.decidedAt)
              )
          }
        ]}
      />
    </>
  )
}
