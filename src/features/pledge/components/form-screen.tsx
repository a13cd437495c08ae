/**
 * tree-naming-hhu/form?id&seatId (type 1, from the tree's detail) or ?id&type=2 (the seats chosen on seat?id=9):
 * docs/product §2 sections: project info (type 2 only), tree info, pledge info (anonymous switch, the form's donor
 * fields and the message shown with the tree), certificate, receipt, the agreement's signing status, the agree checkbox
 * with its popup, and Confirm and pay. A problem shows under its field (decision 081), toasted only when it has none.
 * Kept alive: what the donor typed survives the agreement preview and back (model/draft.ts), and the signed agreement
 * is read again each time the page shows.
 */
import { useEffect, useMemo, useState } from 'react'
import { Button, Image, RichText, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { NAMING_LIMITS, type FormConfig, type MapSeat, type PayTypeCode, type Project } from '@contract'
import { platform } from '@/platform'
import { store, type TreeAgreement } from '@/platform/storage-keys'
import { useData } from '@/lib/hooks/use-data'
import { formatMoney } from '@/lib/money'
import { toast } from '@/lib/quiet'
import { sanitizeHtml } from '@/lib/sanitize'
import { useSession, useT } from '@/store/session'
import { Card, FieldErrorLine, FieldErrors, fieldRowId, InputRow, Note, SwitchRow, useFormErrors } from '@/components/form-kit'
import {
  DynamicField,
  errorText,
  FULFILMENT_FIELDS,
  followDonorName,
  FulfilmentSections,
  prefillValues,
  usePermission,
  visibleFields,
  type FulfilmentState
} from '@/features/donate'
import { fetchForm, fetchProject, fetchTree } from '../api/pledge'
import {
  blankForm,
  noObjectKey,
  payOptions,
  PLEDGE_FIELDS,
  pledgeFulfilment,
  signerOf,
  signProblem,
  totalOf,
  validAgreement,
  type TreeFormState
} from '../model/form'
import { draftKey, dropDraft, readDraft, saveDraft } from '../model/draft'
import { seatObjects, treeObject } from '../model/objects'
import { agreementViewUrl, PAY_LABELS, previewUrl } from '../model/links'
import { usePledgeSubmit } from '../hooks/use-pledge-submit'
import './pledge.scss'
import { imageAlt } from '@/lib/a11y'

const idOf = (v: string | undefined): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

interface Loaded {
  project: Project
  form: FormConfig | null
  tree: MapSeat | null
}

function AgreePopup({ onClose }: { onClose(): void }) {
  const t = useT()
  const base = useSession((s) => s.baseConfig)
  const html = sanitizeHtml(base?.agreeContent || '', platform.assetUrl)
  return (
    <View className='pl-mask' data-testid='pledge-agree-popup'>
      <View className='pl-dialog'>
        <Text className='pl-dialog__title'>{base?.agreeTitle || t('pledge.agree.title')}</Text>
        <View className='pl-dialog__body'>
          {html ? <RichText nodes={html} /> : <Text className='pl-note'>{t('pledge.agree.empty')}</Text>}
        </View>
        <Button className='pl-btn pl-btn--primary' onClick={onClose} data-testid='pledge-agree-close'>
          {t('common.close')}
        </Button>
      </View>
    </View>
  )
}

function PledgeForm({ data, itemsId, type, seatId }: { data: Loaded; itemsId: number; type: 1 | 2; seatId: number }) {
  const t = useT()
  const { project, form, tree } = data
  const fields = useMemo(() => form?.fieldList || [], [form])
  const key = draftKey(itemsId, seatId, type)
  const [state, setState] = useState<TreeFormState>(() => {
    const kept = readDraft(key)
    if (kept) return kept
    const prefill = prefillValues(fields, form?.donateRecord?.formData)
    const name = prefill.values.name || ''
    return {
      ...blankForm(form, name),
      values: prefill.values,
      codes: prefill.codes,
      certificateName: form?.donateRecord?.certificateDonorName || ''
    }
  })
  useEffect(() => saveDraft(key, state), [key, state])
  const [stored, setStored] = useState<TreeAgreement | undefined>(() => store.get('treeAgreement'))
  useDidShow(() => setStored(store.get('treeAgreement')))
  const [popup, setPopup] = useState(false)

  const objects = useMemo(() => {
    if (type === 2) return seatObjects(store.get('gm'), itemsId)
    const o = tree ? treeObject(tree) : null
    return o ? [o] : []
  }, [type, tree, itemsId])
  const total = totalOf(objects)
  const options = useMemo(() => payOptions(form?.payPlatformList), [form])
  const payType: PayTypeCode | null = state.payType ?? (options.length === 1 ? options[0] : null)
  const fulfilVis = pledgeFulfilment(form, total, state)
  const signer = signerOf(fields, state.values)
  const agreement = validAgreement(stored, itemsId, signer, total)
  const gate = usePermission(itemsId, true)
  const shown = visibleFields(fields, state.values)
  // the fields with a place on the form now: a refusal about any other is toasted
  const problems = useFormErrors(
    state,
    (field) =>
      shown.some((f) => f.fieldName === field) ||
      (PLEDGE_FIELDS as readonly string[]).includes(field) ||
      (!!fulfilVis && FULFILMENT_FIELDS.includes(field))
  )
  const { submit, busy } = usePledgeSubmit({
    objects,
    state: { ...state, payType },
    ctx: { itemsId, formId: form?.id ?? null, form, fields, agreement, type },
    gate,
    problems,
    onPaid: () => {
      dropDraft(key)
      // the seats of seat?id=9 now belong to the order: a later visit starts from an empty choice
      if (type === 2) store.remove('gm')
    }
  })
  const set = (patch: Partial<TreeFormState>) => setState((s) => ({ ...s, ...patch }))
  // the donor's name is copied to the receipt and postal contact until they are edited (as on the donation form)
  const setValue = (name: string, v: string) =>
    setState((s) => ({
      ...s,
      values: { ...s.values, [name]: v },
      fulfilment: name === 'name' ? followDonorName(s.fulfilment, s.values.name || '', v) : s.fulfilment
    }))
  const updateFulfilment = (fn: (f: FulfilmentState) => FulfilmentState) => setState((s) => ({ ...s, fulfilment: fn(s.fulfilment) }))

  const goSign = () => {
    if (!objects.length) {
      toast(t(noObjectKey(type)), 2000)
      return
    }
    const p = signProblem(fields, state)
    if (p) {
      problems.show(errorText(p, t), p.field, p.duration)
      return
    }
    const url = previewUrl({ name: signer.name, mobile: signer.mobile, donationAmount: total, itemsId })
    if (url) platform.nav.to(url)
    else toast(t('pledge.soon'), 1000)
  }
  const viewSigned = () => {
    const url = agreement ? agreementViewUrl(agreement.url) : null
    if (url) platform.nav.to(url)
  }

  // the problems shown under their fields (decision 081)
  const view = (
    <View className='pl-form' data-testid='pledge-form'>
      {type === 2 ? (
        <Card title={t('pledge.form.project')} testId='pledge-project'>
          <View className='pl-project'>
            {project.thumbnailImg ? (
              <Image {...imageAlt('')} className='pl-project__thumb' src={platform.assetUrl(project.thumbnailImg)} mode='aspectFill' />
            ) : null}
            <View className='pl-project__main'>
              <Text className='pl-project__name'>{project.name}</Text>
              <Text className='pl-project__intro'>{project.intro}</Text>
            </View>
          </View>
        </Card>
      ) : null}
      <Card title={type === 2 ? t('pledge.form.seats') : t('pledge.form.tree')} testId='pledge-tree'>
        {objects.length === 0 ? (
          <Note testId='pledge-tree-none'>{tree && tree.status !== 1 ? t('pledge.form.treeTaken') : t(noObjectKey(type))}</Note>
        ) : (
          objects.map((o) => (
            <View key={o.seatId} className='pl-row' data-testid={`pledge-object-${o.seatId}`}>
              <Text className='pl-row__label pl-row__label--wide'>{o.label}</Text>
              <Text className='pl-row__value pl-money'>¥{formatMoney(o.amount)}</Text>
            </View>
          ))
        )}
        {type === 1 && tree ? <Text className='pl-note'>{tree.seatIntro.split('\n').filter(Boolean).join(' · ')}</Text> : null}
      </Card>
      <Card title={t('pledge.form.pledge')} testId='pledge-donor'>
        {form?.isShowAnonymous === 1 ? (
          <SwitchRow
            label={t('pledge.form.anonymous')}
            hint={state.isAnonymous ? t('pledge.form.anonymousHint') : undefined}
            checked={state.isAnonymous}
            onChange={(on) => set({ isAnonymous: on })}
            testId='pledge-anonymous'
          />
        ) : null}
        {shown.map((f) => (
          <DynamicField
            key={f.fieldName}
            field={f}
            value={state.values[f.fieldName] ?? ''}
            code={state.codes[f.fieldName] ?? ''}
            onChange={(v) => setValue(f.fieldName, v)}
            onCode={(c) => setState((s) => ({ ...s, codes: { ...s.codes, [f.fieldName]: c } }))}
          />
        ))}
        <InputRow
          label={t('pledge.form.message')}
          value={state.message}
          placeholder={t('pledge.form.messageHint', { n: NAMING_LIMITS.MESSAGE_MAX })}
          maxlength={NAMING_LIMITS.MESSAGE_MAX}
          onInput={(v) => set({ message: v })}
          testId='pledge-message'
          field='donationMessage'
        />
      </Card>
      <Card title={t('pledge.form.certificate')} testId='pledge-certificate'>
        <InputRow
          label={t('pledge.form.certificateName')}
          required
          value={state.certificateName}
          placeholder={t('pledge.err.certificate')}
          maxlength={NAMING_LIMITS.DONOR_NAME_MAX}
          onInput={(v) => set({ certificateName: v })}
          testId='pledge-certificate-name'
          field='certificateDonorName'
        />
      </Card>
      {form && fulfilVis ? (
        <FulfilmentSections form={form} state={state.fulfilment} update={updateFulfilment} vis={fulfilVis} certificate={false} />
      ) : null}
      <Card title={t('pledge.form.agreement')} testId='pledge-sign'>
        <View id={fieldRowId('agreement')}>
          {agreement ? (
            <View className='pl-sign pl-sign--done' onClick={viewSigned} data-testid='pledge-sign-done'>
              <Text className='pl-sign__state'>{t('pledge.sign.done')}</Text>
              <Text className='pl-link'>{t('pledge.sign.view')}</Text>
            </View>
          ) : (
            <View className='pl-sign'>
              <Text className='pl-sign__state pl-sign__state--todo' data-testid='pledge-sign-todo'>
                {stored && stored.itemsId === itemsId ? t('pledge.sign.again') : t('pledge.sign.todo')}
              </Text>
              <Button className='pl-btn pl-btn--primary pl-btn--small' onClick={goSign} data-testid='pledge-sign-go'>
                {t('pledge.sign.go')}
              </Button>
            </View>
          )}
          <FieldErrorLine field='agreement' className='fk-error pl-error' />
        </View>
      </Card>
      <Card title={t('pledge.form.pay')} testId='pledge-pay'>
        <View id={fieldRowId('payType')}>
          {options.length === 0 ? <Note>{t('pledge.pay.none')}</Note> : null}
          {options.map((c) => (
            <View
              key={c}
              className='pl-radio'
              data-testid={`pledge-pay-${c}`}
              data-selected={payType === c ? '1' : '0'}
              onClick={() => set({ payType: c })}
            >
              <Text>{t(PAY_LABELS[c] || 'pledge.pay.other')}</Text>
              <View className={`pl-radio__dot${payType === c ? ' pl-radio__dot--on' : ''}`}>{payType === c ? <Text>✓</Text> : null}</View>
            </View>
          ))}
          <FieldErrorLine field='payType' className='fk-error pl-error' />
        </View>
      </Card>
      <View className='pl-agree'>
        <View className='pl-agree__hit' onClick={() => set({ agreed: !state.agreed })} data-testid='pledge-agree'>
          <View className={`pl-agree__box${state.agreed ? ' pl-agree__box--on' : ''}`}>{state.agreed ? <Text>✓</Text> : null}</View>
          <Text>{t('pledge.agree.prefix')}</Text>
        </View>
        <Text className='pl-link' onClick={() => setPopup(true)} data-testid='pledge-agree-link'>
          {t('pledge.agree.link')}
        </Text>
      </View>
      <View className='pl-bar-space' />
      <View className='pl-bar'>
        <View className='pl-bar__total'>
          <Text className='pl-bar__label'>{t('pledge.total')}</Text>
          <Text className='pl-money pl-bar__money' data-testid='pledge-total'>
            ¥{formatMoney(total)}
          </Text>
        </View>
        <Button className={`pl-btn pl-btn--primary${busy ? ' pl-btn--busy' : ''}`} onClick={submit} data-testid='pledge-submit'>
          {busy ? t('pledge.pay.busy') : t('pledge.pay.go')}
        </Button>
      </View>
      {popup ? <AgreePopup onClose={() => setPopup(false)} /> : null}
      {gate.alumniOpen ? (
        <View className='pl-mask' data-testid='pledge-alumni'>
          <View className='pl-dialog'>
            <Text className='pl-dialog__title'>{t('pledge.alumni.title')}</Text>
            <Text className='pl-dialog__body'>{t('pledge.alumni.text')}</Text>
            <Button className='pl-btn pl-btn--primary' onClick={gate.closeAlumni}>
              {t('common.close')}
            </Button>
          </View>
        </View>
      ) : null}
    </View>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}

export default function FormScreen() {
  const t = useT()
  const query = useMemo<{ id?: string; type?: string; seatId?: string }>(() => platform.nav.currentQuery(), [])
  const itemsId = idOf(query.id)
  const type: 1 | 2 = query.type === '2' ? 2 : 1
  const seatId = type === 1 ? idOf(query.seatId) : 0
  const page = useData(
    async (): Promise<Loaded> => {
      const [project, form, tree] = await Promise.all([
        fetchProject(itemsId),
        fetchForm(itemsId).catch(() => null),
        seatId ? fetchTree(seatId) : Promise.resolve(null)
      ])
      return { project, form, tree }
    },
    [itemsId, seatId],
    { enabled: itemsId > 0 }
  )
  if (!itemsId || (type === 1 && !seatId))
    return (
      <View className='pl-state' data-testid='pledge-missing'>
        {t('pledge.notFound')}
      </View>
    )
  if (!page.data)
    return (
      <View className='pl-state' data-testid='pledge-loading' onClick={page.status === 'error' ? page.reload : undefined}>
        <Text>{page.status === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {page.status === 'error' ? <Text className='pl-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  return <PledgeForm data={page.data} itemsId={itemsId} type={type} seatId={seatId} />
}
