/**
 * contract-cpu/signature?id&pdf (docs/product §2): the agreement's pages, 'I agree' (ticked before signing, §5), 'online
 * signature' opening the 350x200 modal pad with clear and finish, 'signing' while the server stamps it, then the
 * account page. A refused signature keeps the pad open with what was drawn. Without `pdf` the agreement is still
 * rendering on the server (docs/decisions/039): a progress state until its detail is ready, then the same page.
 */
import { useMemo, useState } from 'react'
import { Button, View } from '@tarojs/components'
import { platform } from '@/platform'
import SignedInGate from '@/components/signed-in-gate'
import { useTheme } from '@/lib/hooks/use-page-title'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { signCpu } from '../api/agreement'
import { useAgreementRender } from '../hooks/use-agreement-render'
import { failureText } from '../model/failure'
import { accountUrl } from '../model/links'
import AgreementPages from './agreement-pages'
import AgreeCheck from './agree-check'
import BusyOverlay from './overlay'
import RenderProgress from './render-progress'
import SignatureSheet from './signature-sheet'
import './agreement.scss'

function SignContract({ id, pdf }: { id: number; pdf: string }) {
  const t = useT()
  const theme = useTheme()
  const [agreed, setAgreed] = useState(false)
  const [padOpen, setPadOpen] = useState(false)
  const [signing, setSigning] = useState(false)
  const openPad = () => {
    if (!agreed) return toast(t('agreement.agreeFirst'), 2000)
    setPadOpen(true)
  }
  const finish = async (png: string) => {
    if (signing) return
    setSigning(true)
    try {
      await signCpu(id, png)
      setPadOpen(false)
      platform.nav.redirect(accountUrl())
    } catch (e) {
      toast(failureText(e, t), 2000)
    } finally {
      setSigning(false)
    }
  }
  return (
    <View className='ag-screen' data-testid='contract-signature'>
      <AgreementPages url={pdf} />
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
      <SignatureSheet
        open={padOpen}
        width={350}
        height={200}
        resetLabel='clear'
        busy={signing}
        onClose={() => setPadOpen(false)}
        onFinish={finish}
      />
      {signing ? <BusyOverlay text={t('agreement.signing')} testId='agreement-signing' /> : null}
    </View>
  )
}

function AwaitRender({ id }: { id: number }) {
  const render = useAgreementRender(id)
  if (render.phase === 'ready' && render.detail?.url) return <SignContract id={id} pdf={render.detail.url} />
  return (
    <View className='ag-screen' data-testid='contract-signature'>
      <RenderProgress render={render} />
    </View>
  )
}

export default function ContractSignatureScreen() {
  const t = useT()
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const id = Number(q.id) || 0
  if (!id) return <View className='ag-state'>{t('agreement.missing')}</View>
  return <SignedInGate>{q.pdf ? <SignContract id={id} pdf={q.pdf} /> : <AwaitRender id={id} />}</SignedInGate>
}
