/**
 * Every screen of the console: its menu group, the roles that may open it (the server's role matrix, contract
 * "Roles"), and what it renders. The side menu lists only the screens the member's roles allow.
 */
import type { ReactNode } from 'react'
import {
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  MoneyCollectOutlined,
  ProjectOutlined,
  SendOutlined,
  SettingOutlined,
  TableOutlined
} from '@ant-design/icons'
import type { StaffRole } from './me'
import { DashboardPage } from './pages/dashboard'
import { ProjectsPage } from './pages/projects'
import { ProjectEditPage } from './pages/project-edit'
import { LedgerPage } from './pages/ledger'
import { RefundsPage } from './pages/refunds'
import { ReviewPage } from './pages/review'
import { ReconciliationPage } from './pages/reconciliation'
import { BillsPage } from './pages/bills'
import { StatementsPage } from './pages/statements'
import { FailedSendsPage } from './pages/failed-sends'
import { MonthlyPage } from './pages/monthly'
import { ApplicationsPage } from './pages/applications'
import { NameplatesPage } from './pages/nameplates'
import { AgreementsPage } from './pages/agreements'
import { MessagesPage } from './pages/messages'
import { ModerationPage } from './pages/moderation'
import { ArticlesPage } from './pages/articles'
import { MissingTextsPage } from './pages/missing-texts'
import { NamingPage } from './pages/naming'
import { SettingsPage } from './pages/settings'
import { CampaignsPage } from './pages/campaigns'
import { GivingDaysPage } from './pages/giving-days'
import { PrivacyPolicyPage } from './pages/privacy-policy'
import { ChannelsPage } from './pages/channels'
import { StaffPage } from './pages/staff'
import { AuditPage } from './pages/audit'

type T = (zh: string, en: string) => string

export interface Screen {
  key: string
  group: string
  groupLabel?: (t: T) => string
  label: (t: T) => string
  icon: ReactNode
  roles: StaffRole[] | 'any'
  render: (path: string) => ReactNode
}

const money = (t: T) => t('财务', 'Money')
const fulfil = (t: T) => t('履约', 'Fulfilment')
const content = (t: T) => t('内容', 'Content')
const settings = (t: T) => t('系统设置', 'Settings')

export const SCREENS: Screen[] = [
  {
    key: 'dashboard',
    group: 'dashboard',
    label: (t) => t('概览', 'Dashboard'),
    icon: <DashboardOutlined />,
    roles: 'any',
    render: () => <DashboardPage />
  },
  {
    key: 'projects',
    group: 'projects',
    label: (t) => t('项目', 'Projects'),
    icon: <ProjectOutlined />,
    roles: ['editor'],
    render: (p) => {
      const id = p.split('/')[1]
      return id ? <ProjectEditPage id={id === 'new' ? null : Number(id)} /> : <ProjectsPage />
    }
  },
  {
    key: 'ledger',
    group: 'money',
    groupLabel: money,
    label: (t) => t('捐赠流水', 'Ledger'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <LedgerPage />
  },
  {
    key: 'refunds',
    group: 'money',
    groupLabel: money,
    label: (t) => t('退款', 'Refunds'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <RefundsPage />
  },
  {
    key: 'review',
    group: 'money',
    groupLabel: money,
    label: (t) => t('待核订单', 'Review queue'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <ReviewPage />
  },
  {
    key: 'reconciliation',
    group: 'money',
    groupLabel: money,
    label: (t) => t('对账', 'Reconciliation'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <ReconciliationPage />
  },
  {
    key: 'bills',
    group: 'money',
    groupLabel: money,
    label: (t) => t('渠道对账单', 'Provider bills'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <BillsPage />
  },
  {
    key: 'statements',
    group: 'money',
    groupLabel: money,
    label: (t) => t('年度对账单', 'Yearly statements'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <StatementsPage />
  },
  {
    key: 'monthly',
    group: 'money',
    groupLabel: money,
    label: (t) => t('月捐', 'Monthly plans'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <MonthlyPage />
  },
  {
    key: 'failed-sends',
    group: 'money',
    groupLabel: money,
    label: (t) => t('发送失败的通知', 'Failed sends'),
    icon: <MoneyCollectOutlined />,
    roles: ['finance'],
    render: () => <FailedSendsPage />
  },
  {
    key: 'certificates',
    group: 'fulfilment',
    groupLabel: fulfil,
    label: (t) => t('纸质证书', 'Paper certificates'),
    icon: <SendOutlined />,
    roles: ['fulfilment'],
    render: () => <ApplicationsPage kind='certificate' />
  },
  {
    key: 'receipts',
    group: 'fulfilment',
    groupLabel: fulfil,
    label: (t) => t('捐赠票据', 'Receipts'),
    icon: <SendOutlined />,
    roles: ['fulfilment'],
    render: () => <ApplicationsPage kind='receipt' />
  },
  {
    key: 'nameplates',
    group: 'fulfilment',
    groupLabel: fulfil,
    label: (t) => t('铭牌审核', 'Nameplate review'),
    icon: <SendOutlined />,
    roles: ['fulfilment'],
    render: () => <NameplatesPage />
  },
  {
    key: 'agreements',
    group: 'fulfilment',
    groupLabel: fulfil,
    label: (t) => t('捐赠协议', 'Agreements'),
    icon: <SendOutlined />,
    roles: ['fulfilment'],
    render: () => <AgreementsPage />
  },
  {
    key: 'messages',
    group: 'content',
    groupLabel: content,
    label: (t) => t('留言', 'Messages'),
    icon: <FileTextOutlined />,
    roles: ['editor'],
    render: () => <MessagesPage />
  },
  {
    key: 'moderation',
    group: 'content',
    groupLabel: content,
    label: (t) => t('内容审核', 'Moderation'),
    icon: <FileTextOutlined />,
    roles: ['editor'],
    render: () => <ModerationPage />
  },
  {
    key: 'articles',
    group: 'content',
    groupLabel: content,
    label: (t) => t('文章', 'Articles'),
    icon: <FileTextOutlined />,
    roles: ['editor'],
    render: (p) => <ArticlesPage openId={Number(p.split('/')[1]) || null} />
  },
  {
    key: 'texts',
    group: 'content',
    groupLabel: content,
    label: (t) => t('待补英文', 'Missing English'),
    icon: <FileTextOutlined />,
    roles: ['editor'],
    render: () => <MissingTextsPage />
  },
  {
    key: 'naming',
    group: 'naming',
    label: (t) => t('冠名库存', 'Naming inventory'),
    icon: <TableOutlined />,
    roles: ['fulfilment', 'editor'],
    render: () => <NamingPage />
  },
  {
    key: 'settings',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('学校设置', 'School settings'),
    icon: <SettingOutlined />,
    roles: ['admin'],
    render: () => <SettingsPage />
  },
  {
    key: 'campaigns',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('活动设置', 'Campaign settings'),
    icon: <SettingOutlined />,
    roles: ['admin'],
    render: () => <CampaignsPage />
  },
  {
    key: 'giving-days',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('捐赠日', 'Giving days'),
    icon: <SettingOutlined />,
    roles: ['admin'],
    render: () => <GivingDaysPage />
  },
  {
    key: 'privacy-policy',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('隐私政策', 'Privacy policy'),
    icon: <SettingOutlined />,
    roles: ['admin'],
    render: () => <PrivacyPolicyPage />
  },
  {
    key: 'channels',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('渠道凭证', 'Channel credentials'),
    icon: <SettingOutlined />,
    roles: ['admin'],
    render: () => <ChannelsPage />
  },
  {
    key: 'staff',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('员工账号', 'Staff accounts'),
    icon: <SettingOutlined />,
    roles: ['admin'],
    render: () => <StaffPage />
  },
  {
    key: 'audit',
    group: 'settings',
    groupLabel: settings,
    label: (t) => t('操作日志', 'Audit log'),
    icon: <AuditOutlined />,
    roles: ['admin'],
    render: () => <AuditPage />
  }
]

export function screenFor(path: string): Screen | undefined {
  const key = path.split('/')[0]
  return SCREENS.find((s) => s.key === key)
}
