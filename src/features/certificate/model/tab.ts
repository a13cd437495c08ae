/**
 * Which certificate tab shows (docs/product §2): electronic and paper, with the tab bar only when the school opens paper
 * certificates (isOpenPaper 1). The chosen tab is kept in local storage key cerTab.
 */
import type { CertificateConfig } from '@contract'

export type CertTab = 'electronic' | 'paper'
export const CERT_TABS: readonly CertTab[] = ['electronic', 'paper']

export const showTabBar = (config: Pick<CertificateConfig, 'isOpenPaper'> | null | undefined): boolean => config?.isOpenPaper === 1

/** The tab to show: the stored one when the tab bar is shown, otherwise electronic. */
export function resolveTab(stored: string | null | undefined, config: Pick<CertificateConfig, 'isOpenPaper'> | null | undefined): CertTab {
  if (!showTabBar(config)) return 'electronic'
  return stored === 'paper' ? 'paper' : 'electronic'
}

/** Paper sub-tabs: the `status` filter sent to certificate/page (0 all, 1 in making, 2 produced). */
export const PAPER_FILTERS = [0, 1, 2] as const
export type PaperFilter = (typeof PAPER_FILTERS)[number]
