/**
 * Wire -> view for projects (docs/product §3 Project, §4 states). Pure functions: the screens never read raw flags.
 */
import { CrowdType, ItemsType, NamingType, type Project, type ProjectSummary, type SchoolSettings } from '@contract'
import { formatMoney, progressPercent } from '@/lib/money'

export type ProjectStatus = 'completed' | 'processing'

/** docs/product §4: completed if isComplete is 1, else processing. */
export function projectStatus(p: Pick<ProjectSummary, 'isComplete'>): ProjectStatus {
  return p.isComplete === 1 ? 'completed' : 'processing'
}

/**
 * docs/product §4: percent shown only with a target (isLimit 1) on donation-type projects (itemsType 1); null otherwise.
 * Money projects use completeMoney / limitMoney; goods projects have no money target, so their material counts.
 */
export function projectProgress(p: ProjectSummary): number | null {
  if (p.isLimit !== 1 || p.itemsType !== ItemsType.DONATION) return null
  if (p.crowdType === CrowdType.GOODS) return progressPercent(p.completeMaterialNumber, p.limitMaterialNumber)
  return progressPercent(p.completeMoney, p.limitMoney)
}

const isGoods = (p: ProjectSummary) => p.crowdType === CrowdType.GOODS

/** Raised so far: "¥1,234.50" for money, "120 件" for goods (completeMaterialNumber + materialUnit). */
export function raisedText(p: ProjectSummary): string {
  if (isGoods(p)) return `${p.completeMaterialNumber ?? 0} ${p.materialUnit || ''}`.trim()
  return `¥${formatMoney(p.completeMoney)}`
}

export function targetText(p: ProjectSummary): string | null {
  if (p.isLimit !== 1) return null
  if (isGoods(p)) return `${p.limitMaterialNumber ?? 0} ${p.materialUnit || ''}`.trim()
  return `¥${formatMoney(p.limitMoney)}`
}

export interface ProjectCardView {
  id: number
  name: string
  intro: string
  thumb: string
  status: ProjectStatus
  /** null: no progress bar */
  percent: number | null
  /** null when the school hides statistics */
  stats: { raised: string; donors: number } | null
}

export function toProjectCard(
  p: ProjectSummary,
  settings: Pick<SchoolSettings, 'hideStatistics'>,
  assetUrl: (u: string) => string
): ProjectCardView {
  return {
    id: p.id,
    name: p.name,
    intro: p.intro || '',
    thumb: p.thumbnailImg ? assetUrl(p.thumbnailImg) : '',
    status: projectStatus(p),
    percent: projectProgress(p),
    stats: settings.hideStatistics ? null : { raised: raisedText(p), donors: p.payCounts ?? 0 }
  }
}

export interface StatItem {
  key: 'raised' | 'donors' | 'target' | 'named'
  value: string
}

/** Detail statistics: raised, donors, target (with a target), named count for naming projects; [] when hidden. */
export function detailStats(p: Project, settings: Pick<SchoolSettings, 'hideStatistics'>): StatItem[] {
  if (settings.hideStatistics) return []
  const out: StatItem[] = [
    { key: 'raised', value: raisedText(p) },
    { key: 'donors', value: String(p.payCounts ?? 0) }
  ]
  const target = targetText(p)
  if (target) out.push({ key: 'target', value: target })
  if (p.itemsType === ItemsType.NAMING && p.namingCountAll > 0) {
    out.push({ key: 'named', value: `${p.namingCountDonate ?? 0}/${p.namingCountAll}` })
  }
  return out
}

/** Cover slides: coverList, else coverImg, else the thumbnail. */
export function coverImages(p: Project, assetUrl: (u: string) => string): string[] {
  const list = (p.coverList || []).map((c) => c.fileUrl).filter(Boolean)
  const urls = list.length ? list : [p.coverImg || p.thumbnailImg].filter(Boolean)
  return urls.map(assetUrl)
}

export type DetailTab = 'detail' | 'directory' | 'together' | 'progress' | 'messages' | 'publicity'

/** docs/product §2/§4: tabs appear per project flags; the directory is hidden by a school setting or isRecord 0. */
export function detailTabs(p: Project, settings: Pick<SchoolSettings, 'hideProjectDirectory'>): DetailTab[] {
  const tabs: DetailTab[] = ['detail']
  if (!settings.hideProjectDirectory && p.isRecord === 1) tabs.push('directory')
  if (p.isDonateTogether === 1) tabs.push('together')
  if (p.isProgress === 1) tabs.push('progress')
  if (p.isLeaveMessage === 1) tabs.push('messages')
  if (p.isInstruction === 1) tabs.push('publicity')
  return tabs
}

/** Which donor list the directory tab shows: naming projects list named seats or books. */
export type DirectorySource = 'records' | 'seats' | 'books'
export function directorySource(p: Project): DirectorySource {
  if (p.itemsType !== ItemsType.NAMING) return 'records'
  return p.namingType === NamingType.BOOK ? 'books' : 'seats'
}

/** A docs/product §2 route a button leads to; some belong to later issues (see features/project/navigation.ts). */
export interface RouteTarget {
  name: string
  query: Record<string, string | number | undefined>
}

export interface ActionButton {
  enabled: boolean
  /** shown on a disabled donate/naming button (noReason) */
  reason: string
  target: RouteTarget
}

export interface BottomActions {
  /** online donation disabled by the school: this notice replaces the donate and invite buttons */
  offlineNotice: string | null
  primary: (ActionButton & { kind: 'donate' | 'naming' }) | null
  invite: ActionButton | null
}

/** docs/product §2 buttons and §4 states of the detail page's bottom bar. */
export function bottomActions(p: Project, settings: Pick<SchoolSettings, 'disableOnlineDonation' | 'offlineContactInfo'>): BottomActions {
  if (settings.disableOnlineDonation) {
    return { offlineNotice: settings.offlineContactInfo || '', primary: null, invite: null }
  }
  const open = p.isDonate === 1
  const naming = p.itemsType === ItemsType.NAMING
  const primary = naming
    ? {
        kind: 'naming' as const,
        enabled: open,
        reason: open ? '' : p.noReason || '',
        target: p.namingType === NamingType.BOOK ? { name: 'book-list', query: { id: p.id } } : { name: 'seat', query: { id: p.id } }
      }
    : {
        kind: 'donate' as const,
        enabled: open,
        reason: open ? '' : p.noReason || '',
        target: { name: 'form', query: { id: p.id, subItemsId: undefined } }
      }
  const invite =
    p.isDonateTogether === 1
      ? {
          enabled: p.itemsType === ItemsType.DONATION && open,
          reason: '',
          target: { name: 'together', query: { id: p.id } }
        }
      : null
  return { offlineNotice: null, primary, invite }
}
