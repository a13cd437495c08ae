/**
 * mine-certificate (docs/product §2 Certificates): electronic and paper tabs (the tab bar only when isOpenPaper is 1; the
 * chosen tab kept in storage key cerTab), and the paper-certificate application flow in place of the lists.
 */
import { useState } from 'react'
import { View } from '@tarojs/components'
import { useApplyMode } from '@/components/apply-flow'
// the certificate/receipt frame: its page, sticky tabs and load state (cd-*)
import { DetailState } from '@/components/detail-frame'
import SegmentTabs from '@/components/segment-tabs'
import { useData } from '@/lib/hooks/use-data'
import { store } from '@/platform/storage-keys'
import { useT } from '@/store/session'
import { fetchCertificateConfig } from '../api/certificate'
import { resolveTab, showTabBar, type CertTab } from '../model/tab'
import ElectronicList from './electronic-list'
import PaperList from './paper-list'
import CertificateApply from './certificate-apply'

export default function CertificateScreen() {
  const t = useT()
  const config = useData(fetchCertificateConfig, [])
  const [chosen, setChosen] = useState<string | undefined>(() => store.get('cerTab'))
  const mode = useApplyMode()

  if (!config.data) return <DetailState state={config} testId='cert-config-state' />
  const cfg = config.data
  const tab = resolveTab(chosen, cfg)

  if (mode.applying) return <CertificateApply config={cfg} onCancel={mode.cancel} onDone={mode.done} />

  const choose = (k: CertTab) => {
    store.set('cerTab', k)
    setChosen(k)
  }

  return (
    <View className='cd-screen' data-testid='cert-screen' data-tab={tab}>
      {showTabBar(cfg) ? (
        <View className='cd-tabs'>
          <SegmentTabs
            tabs={[
              { key: 'electronic' as CertTab, title: t('certificate.tab.electronic') },
              { key: 'paper' as CertTab, title: t('certificate.tab.paper') }
            ]}
            current={tab}
            onChange={choose}
            testPrefix='cert-tab'
          />
        </View>
      ) : null}
      {tab === 'paper' ? (
        <PaperList key={`p${mode.generation}`} canApply={cfg.isOpenPaper === 1} onApply={mode.start} />
      ) : (
        <ElectronicList key={`e${mode.generation}`} />
      )}
    </View>
  )
}
