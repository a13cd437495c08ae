/**
 * Donation agreements for staff (docs/decisions/047-agreements-for-staff.md): the school's agreements with filters
 * (campaign, state, date made, donor), the donor-signed PDF, countersigning with the school's seal (a new file; the
 * signed one is kept) and the receipt image. The seal card sits on top: fulfilment staff see it, admins replace it.
 */
import { useState } from 'react'
import { Alert, App, Button, Card, DatePicker, Image, Input, Popconfirm, Select, Space, Tag, Typography, Upload } from 'antd'
import type { Dayjs } from 'dayjs'
import { get, post, upload } from '../api'
import { PagedTable } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { allowed, useMe } from '../me'
import { formatYuan } from '../money'
import { StaffApi, staffPath } from '@contract'
import type { StaffAgreement as Agreement, StaffAgreementSeal as Seal } from '@contract/schema/staff-agreement'

type T = (zh: string, en: string) => string

function SealCard({ onChange }: { onChange(): void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const me = useMe()
  const seal = useLoad(() => get<Seal>(StaffApi.agreementSeal), [])
  return (
    <Card size='small' title={t('协议印章', 'Agreement seal')} style={{ marginBottom: 16 }} data-testid='seal-card'>
      <Space align='start' size='large'>
        {seal.data?.image ? (
          <Image src={seal.data.image} width={96} height={96} style={{ objectFit: 'contain' }} data-testid='seal-image' />
        ) : (
          <Alert type='warning' showIcon message={t('尚未上传印章，无法会签协议', 'No seal yet: agreements can not be countersigned')} />
        )}
        <Space direction='vertical' size={4}>
          <Typography.Text type='secondary'>
            {t(
              'PNG（建议透明背景）或 JPG，边长 100–2000 像素，不超过 2 MB。印章只盖在会签的协议中，不单独对外提供。',
              'PNG (a transparent background is best) or JPEG, 100–2000 px a side, at most 2 MB. It appears only stamped into countersigned agreements.'
            )}
          </Typography.Text>
          {seal.data?.updatedAt && (
            <Typography.Text type='secondary'>
              {t('更新于', 'Updated')} {seal.data.updatedAt}
            </Typography.Text>
          )}
          {allowed(me, ['admin']) && (
            <Upload
              accept='.png,.jpg,.jpeg'
              showUploadList={false}
              customRequest={({ file }) => {
                upload<Seal>(StaffApi.agreementSeal, file as File).then(
                  (s) => {
                    seal.setData(s)
                    message.success(t('印章已更新', 'Seal updated'))
                    onChange()
                  },
                  (e: Error) => message.error(e.message)
                )
              }}
            >
              <Button size='small' data-testid='seal-upload'>
                {seal.data?.image ? t('更换印章', 'Replace seal') : t('上传印章', 'Upload seal')}
              </Button>
            </Upload>
          )}
        </Space>
      </Space>
    </Card>
  )
}

function stateTag(a: Agreement, t: T) {
  if (a.state === 'unsigned') return <Tag>{t('待签署', 'Not signed')}</Tag>
  if (a.state === 'signed') return <Tag color='orange'>{t('待会签', 'To countersign')}</Tag>
  return <Tag color='green'>{t('已会签', 'Countersigned')}</Tag>
}

export function AgreementsPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const [kind, setKind] = useState<string>('')
  const [state, setState] = useState<string>('signed')
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const [donor, setDonor] = useState('')
  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)
  const countersign = (a: Agreement) =>
    post(staffPath(StaffApi.agreementCountersign, { id: a.id })).then(
      () => {
        message.success(t('已会签，捐赠人可在“我的协议”中查看', "Countersigned: the donor sees it under 'My agreements'"))
        reload()
      },
      (e: Error) => message.error(e.message)
    )
  return (
    <>
      <SealCard onChange={reload} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('协议类型', 'Agreement kind')}
          style={{ width: 180 }}
          value={kind}
          onChange={setKind}
          data-testid='filter-kind'
          options={[
            { value: '', label: t('全部协议', 'All agreements') },
            { value: 'cpu', label: t('大额捐赠协议', 'Large-gift agreements') },
            { value: 'hhu', label: t('纪念树协议', 'Tree agreements') }
          ]}
        />
        <Select
          aria-label={t('状态', 'Status')}
          style={{ width: 160 }}
          value={state}
          onChange={setState}
          data-testid='filter-state'
          options={[
            { value: '', label: t('全部状态', 'Any state') },
            { value: 'unsigned', label: t('待签署', 'Not signed') },
            { value: 'signed', label: t('待会签', 'To countersign') },
            { value: 'countersigned', label: t('已会签', 'Countersigned') },
            { value: 'noReceipt', label: t('待上传收据', 'Receipt missing') },
            { value: 'receipted', label: t('已上传收据', 'Receipt attached') }
          ]}
        />
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('捐赠人姓名或手机号', 'Donor name or mobile')}
          onSearch={(v) => setDonor(v.trim())}
          data-testid='filter-donor'
        />
      </Space>
      <PagedTable<Agreement>
        testId='agreements'
        path={StaffApi.agreements}
        rowKey='id'
        version={version}
        query={{
          kind: kind || undefined,
          state: state || undefined,
          from: range?.[0]?.format('YYYY-MM-DD'),
          to: range?.[1]?.format('YYYY-MM-DD'),
          donor: donor || undefined
        }}
        columns={[
          {
            title: t('协议编号', 'Agreement'),
            dataIndex: 'agreementNo',
            render: (v: string, a) => (
              <span style={{ fontSize: 12 }}>
                {v}
                <br />
                {a.createdAt}
              </span>
            )
          },
          {
            title: t('捐赠人', 'Donor'),
            key: 'donor',
            render: (_, a) => (
              <span>
                {a.name}
                <br />
                <span style={{ fontSize: 12 }}>
                  {a.mobile} {a.idNoMasked}
                </span>
              </span>
            )
          },
          { title: t('项目', 'Project'), dataIndex: 'projectTitle', ellipsis: true },
          { title: t('金额（元）', 'Amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
          {
            title: t('状态', 'State'),
            key: 'state',
            render: (_, a) => (
              <>
                {stateTag(a, t)}
                {a.receiptUrl ? <Tag color='blue'>{t('有收据', 'Receipt')}</Tag> : null}
              </>
            )
          },
          {
            title: '',
            key: 'op',
            render: (_, a) => (
              <Space wrap size={4}>
                {a.signedUrl && (
                  <Button size='small' href={a.signedUrl} target='_blank' data-testid={`signed-${a.id}`}>
                    {t('捐赠人签署版', 'Signed PDF')}
                  </Button>
                )}
                {a.mutualUrl && (
                  <Button size='small' href={a.mutualUrl} target='_blank' data-testid={`mutual-${a.id}`}>
                    {t('会签版', 'Countersigned PDF')}
                  </Button>
                )}
                {a.state === 'signed' && (
                  <Popconfirm
                    title={t('盖章会签此协议？', 'Stamp the seal and countersign?')}
                    description={t('将生成新的会签文件，捐赠人签署的文件保留。', "A new file is made; the donor's signed file is kept.")}
                    onConfirm={() => countersign(a)}
                  >
                    <Button size='small' type='primary' data-testid={`countersign-${a.id}`}>
                      {t('会签', 'Countersign')}
                    </Button>
                  </Popconfirm>
                )}
                {a.state !== 'unsigned' && (
                  <Upload
                    accept='.jpg,.jpeg,.png'
                    showUploadList={false}
                    customRequest={({ file }) => {
                      upload(staffPath(StaffApi.agreementReceipt, { id: a.id }), file as File).then(
                        () => {
                          message.success(t('收据已上传', 'Receipt attached'))
                          reload()
                        },
                        (e: Error) => message.error(e.message)
                      )
                    }}
                  >
                    <Button size='small' data-testid={`receipt-${a.id}`}>
                      {a.receiptUrl ? t('替换收据', 'Replace receipt') : t('上传收据', 'Attach receipt')}
                    </Button>
                  </Upload>
                )}
                {a.receiptUrl && (
                  <Button size='small' type='link' href={a.receiptUrl} target='_blank'>
                    {t('查看收据', 'View receipt')}
                  </Button>
                )}
              </Space>
            )
          }
        ]}
      />
    </>
  )
}
