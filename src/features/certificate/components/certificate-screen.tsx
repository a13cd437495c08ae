/**
 * mine-certificate (SPEC §2 Certificates): electronic and paper tabs (the tab bar only when isOpenPaper is 1; the
 * chosen tab kept in storage key cerTab), and the paper-certificate application flow in place of the lists.
 */
import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { store } from '@/platform/storage-keys'
import { useT } from '@/store/session'
import { fetchCertificateConfig } from '../api/certificate'
import { useRemote } from '../hooks/use-remote'
import { scrollToTop } from '../hooks/use-apply'
import { resolveTab, showTabBar, type CertTab } from '../model/tab'
import SegmentTabs from './kit/segment-tabs'
import ElectronicList from './electronic-list'
import PaperList from './paper-list'
import CertificateApply from './certificate-apply'
import './certificate-screen.scss'

export default function CertificateScreen() {
  const t = useT()
  const config = useRemote(fetchCertificateConfig, 'config')
  const [chosen, setChosen] = useState<string | undefined>(() => store.get('cerTab'))
  const [applying, setApplyingState] = useState(false)
  const setApplying = (v: boolean) => {
    setApplyingState(v)
    scrollToTop()
  }
  // bumped after a successful application: the lists load again from the first page
  const [generation, setGeneration] = useState(0)

  if (config.status !== 'ready' || !config.data) {
    return (
      <View className='cert-state' data-testid='cert-config-state' onClick={config.status === 'error' ? config.reload : undefined}>
        <Text>{config.status === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {config.status === 'error' ? <Text className='cert-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  }
  const cfg = config.data
  const tab = resolveTab(chosen, cfg)

  if (applying) {
    return (
      <CertificateApply
        config={cfg}
        onCancel={() => setApplying(false)}
        onDone={() => {
          setApplying(false)
          setGeneration((g) => g + 1)
        }}
      />
    )
  }

  const choose = (k: CertTab) => {
    store.set('cerTab', k)
    setChosen(k)
  }

  return (
    <View className='cert-screen' data-testid='cert-screen' data-tab={tab}>
      {showTabBar(cfg) ? (
        <View className='cert-screen__tabs'>
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
        <PaperList key={`p${generation}`} canApply={cfg.isOpenPaper === 1} onApply={() => setApplying(true)} />
      ) : (
        <ElectronicList key={`e${generation}`} />
      )}
    </View>
  )
}
