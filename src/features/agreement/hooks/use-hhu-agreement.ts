/**
 * tree-naming-hhu/preview with name, mobile, donationAmount, itemsId: generate the agreement once (again on retry),
 * then sign it. docs/product §8: generation and signature act only on code 0; anything else is 'request failed,
 * please try again later' and the donor may retry; what they signed is stored for the form (storage treeAgreement).
 * A busy server answers `rendering` (docs/decisions/039): the agreement is then polled until ready (useAgreementRender).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { store } from '@/platform/storage-keys'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { generateHhu, signHhu } from '../api/agreement'
import { failureText } from '../model/failure'
import { useAgreementRender } from './use-agreement-render'

export interface HhuRequest {
  name: string
  mobile: string
  donationAmount: string
  itemsId: number
}

export function useHhuAgreement(req: HhuRequest | null, enabled: boolean) {
  const t = useT()
  const [url, setUrl] = useState('')
  const [id, setId] = useState(0)
  const [state, setState] = useState<'idle' | 'generating' | 'rendering' | 'ready' | 'failed' | 'signing' | 'signed'>('idle')
  const started = useRef(false)
  const render = useAgreementRender(state === 'rendering' ? id : 0)
  const rendered = render.phase === 'ready' ? render.detail?.url : undefined

  useEffect(() => {
    if (!rendered) return
    setUrl(rendered)
    setState('ready')
  }, [rendered])

  const generate = useCallback(async () => {
    if (!req) return
    setState('generating')
    try {
      const g = await generateHhu({
        name: req.name,
        mobile: req.mobile,
        donationAmount: req.donationAmount,
        itemsId: req.itemsId || undefined
      })
      setId(g.id)
      setUrl(g.url)
      setState(g.status === 'rendering' ? 'rendering' : 'ready')
    } catch (e) {
      setState('failed')
      toast(failureText(e, t), 2000)
    }
  }, [req, t])

  useEffect(() => {
    if (!enabled || !req || started.current) return
    started.current = true
    void generate()
  }, [enabled, req, generate])

  /** Signs; resolves with the signed link, or null after saying the request failed. */
  const sign = useCallback(
    async (pngPath: string): Promise<string | null> => {
      if (!req || !url) return null
      setState('signing')
      try {
        const signed = await signHhu(url, pngPath)
        store.set('treeAgreement', {
          url: signed,
          name: req.name,
          mobile: req.mobile,
          donationAmount: req.donationAmount,
          itemsId: req.itemsId,
          signedAt: new Date().toISOString()
        })
        setState('signed')
        return signed
      } catch (e) {
        setState('ready')
        toast(failureText(e, t), 2000)
        return null
      }
    },
    [req, url, t]
  )

  return { url, state, render, generate, sign }
}
