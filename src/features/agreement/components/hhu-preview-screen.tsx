/**
 * tree-naming-hhu/preview (docs/product §2). With `url`: the finished signed agreement, with back, download and a
 * reminder to download. With name, mobile, donationAmount and itemsId: the agreement is generated and shown page by
 * page (while a busy server renders it, a progress state: docs/decisions/039); 'I agree' must be ticked before 'online signature' opens the 304x126 pad (refresh, hint, finish); signing
 * stores the signed link in treeAgreement for the form and goes back to it.
 */
import { useMemo, useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import SignedInGate from '@/components/signed-in-gate'
import { toast } from '@/lib/quiet'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { useSignedIn } from '@/lib/hooks/use-signed-in'
import { useHhuAgreement, type HhuRequest } from '../hooks/use-hhu-agreement'
import AgreementPages from './agreement-pages'
import AgreeCheck from './agree-check'
import BusyOverlay from './overlay'
import RenderProgress from './render-progress'
import SignatureSheet from './signature-sheet'
import './agreement.scss'

function SignedView({ url }: { url: string }) {
  const t = useT()
  const theme = useTheme()
  const download = () => platform.media.openDocument(platform.assetUrl(url)).catch(() => toast(t('agreement.failed'), 2000))
  return (
    <View className='ag-screen' data-testid='hhu-signed'>
      <View className='ag-tip' data-testid='hhu-download-tip'>
        <Text>{t('agreement.downloadTip')}</Text>
      </View>
      <AgreementPages url={url} />
      <View className='ag-bar'>
        <Button className='ag-btn ag-btn--ghost' onClick={() => platform.nav.back()} data-testid='hhu-back'>
          {t('agreement.back')}
        </Button>
        <Button className='ag-btn ag-btn--primary' style={{ background: theme }} onClick={download} data-testid='hhu-download'>
          {t('agreement.download')}
        </Button>
      </View>
    </View>
  )
}

function SignFlow({ req }: { req: HhuRequest }) {
  const t = useT()
  const theme = useTheme()
  const signedIn = useSignedIn().state === 'ready'
  const flow = useHhuAgreement(req, signedIn)
  const [agreed, setAgreed] = useState(false)
  const [padOpen, setPadOpen] = useState(false)
  const openPad = () => {
    if (!agreed) return toast(t('agreement.agreeFirst'), 2000)
    setPadOpen(true)
  }
  const finish = async (png: string) => {
    const signed = await flow.sign(png)
    if (!signed) return
    setPadOpen(false)
    platform.nav.back()
  }
  return (
    <View className='ag-screen' data-testid='hhu-preview'>
      {flow.state === 'failed' ? (
        <View className='ag-state' onClick={flow.generate} data-testid='hhu-generate-failed'>
          <Text>{t('agreement.failed')}</Text>
          <Text className='ag-state__retry'>{t('common.retry')}</Text>
        </View>
      ) : flow.state === 'rendering' ? (
        <RenderProgress render={flow.render} />
      ) : flow.url ? (
        <AgreementPages url={flow.url} />
      ) : null}
      {flow.url ? (
        <View className='ag-foot'>
          <AgreeCheck checked={agreed} onChange={setAgreed} />
          <Button
            className='ag-btn ag-btn--primary ag-btn--block'
            style={{ background: theme }}
            onClick={openPad}
            data-testid='agreement-sign'
          >
            {t('agreement.sign')}
          </Button>
        </View>
      ) : null}
      <SignatureSheet
        open={padOpen}
        width={304}
        height={126}
        resetLabel='refresh'
        busy={flow.state === 'signing'}
        onClose={() => setPadOpen(false)}
        onFinish={finish}
      />
      {flow.state === 'generating' || flow.state === 'idle' ? (
        <BusyOverlay text={t('agreement.generating')} testId='agreement-generating' />
      ) : null}
      {flow.state === 'signing' ? <BusyOverlay text={t('agreement.signing')} testId='agreement-signing' /> : null}
    </View>
  )
}

export default function HhuPreviewScreen() {
  const t = useT()
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const req = useMemo<HhuRequest | null>(
    () =>
      q.name && q.mobile && q.donationAmount
        ? { name: q.name, mobile: q.mobile, donationAmount: q.donationAmount, itemsId: Number(q.itemsId) || 0 }
        : null,
    [q]
  )
  if (q.url)
    return (
      <SignedInGate>
        <SignedView url={q.url} />
      </SignedInGate>
    )
  if (!req) return <View className='ag-state'>{t('agreement.missing')}</View>
  return (
    <SignedInGate>
      <SignFlow req={req} />
    </SignedInGate>
  )
}
