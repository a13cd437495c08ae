/**
 * form-gm?id&namingType (and seat-naming-jnu/form?id): the naming confirmation of docs/product §2. The project, the chosen
 * seats or books with their amounts, the nameplate block (namelate=0 hides it and the docs/product §5 defaults are engraved),
 * the donor's details as on every gift (with the anonymous switch the form offers), the payment method, the
 * agreement, and Confirm and pay; a problem shows under its field (decision 081). Permission is checked (and the donor signed in) as the page opens.
 */
import { useMemo, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { NamingType, PayTypes, type PayTypeCode } from '@contract'
import { platform } from '@/platform'
import {
  CampusCardFields,
  followDonorName,
  FulfilmentSections,
  useCardBalance,
  initialCodes,
  initialFulfilment,
  prefillValues,
  type FulfilmentState
} from '@/features/donate'
import { useSession, useT } from '@/store/session'
import AlumniDialog from '../kit/alumni-dialog'
import BottomBar from '../kit/bottom-bar'
import { useNamingPage, type NamingPage } from '../../hooks/use-naming-page'
import { useNamingSubmit } from '../../hooks/use-naming-submit'
import { FULFILMENT_FIELDS, usePermission, visibleFields } from '@/features/donate'
import { FieldErrorLine, FieldErrors, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useSelection } from '../../hooks/use-selection'
import { editUrl, variantOf, type NamingVariant } from '../../model/links'
import { initialPayType, namingPayOptions } from '../../model/pay'
import { totalOf } from '../../model/selection'
import { NAMING_FIELDS, namingFulfilmentVisibility } from '../../model/submission'
import { booksCount } from '../../model/price'
import DonorCard from './donor-card'
import NameplateCard from './nameplate-card'
import ObjectsCard from './objects-card'
import { AgreeRow, PayCard } from './pay-card'
import '../kit/kit.scss'
import './form.scss'
import { PrivacyNote } from '@/features/privacy'
import { imageAlt } from '@/lib/a11y'

const idOf = (v: string | undefined): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

interface FormQuery {
  id?: string
  namingType?: string
  namelate?: string
}

function FormGm({
  data,
  itemsId,
  namingType,
  nameplateShown,
  variant
}: {
  data: NamingPage
  itemsId: number
  namingType: 1 | 2
  nameplateShown: boolean
  variant: NamingVariant
}) {
  const t = useT()
  const { project, form, examples } = data
  const fields = useMemo(() => form?.fieldList || [], [form])
  const [sel] = useSelection(itemsId, namingType)
  const options = useMemo(() => namingPayOptions(form?.payPlatformList), [form])
  const [payChoice, setPayType] = useState<PayTypeCode | null>(null)
  const payType = payChoice ?? initialPayType(options)
  const [agreed, setAgreed] = useState(false)
  const [isAnonymous, setAnonymous] = useState(false)
  // the donor's previous answers come back with formDetail when signed in (prefill, as on the donation form)
  const [donor, setDonor] = useState(() => prefillValues(fields, form?.donateRecord?.formData))
  // certificate, receipt and mailing address as on the donation form (docs/decisions/048-naming-forms-whole.md)
  const [fulfil, setFulfil] = useState<FulfilmentState>(() => {
    const name = donor.values.name || ''
    return { codes: initialCodes(), ...initialFulfilment(form || {}, name, form?.donateRecord?.certificateDonorName || name) }
  })
  const [card, setCard] = useState({ stuWorkNo: '', passwork: '' })
  const { balance, loadBalance } = useCardBalance()
  const gate = usePermission(itemsId, true)
  const ctx = useMemo(
    () => ({ formId: form?.id ?? null, form, fields, nameplateShown, anonymousLabel: t('naming.anonymous'), noneLabel: t('naming.none') }),
    [form, fields, nameplateShown, t]
  )
  const namingForm = { payType, agreed, isAnonymous, values: donor.values, codes: donor.codes, fulfilment: fulfil, ...card }
  const fulfilVis = namingFulfilmentVisibility(sel, namingForm, ctx)
  // the fields with a place on the form now: a refusal about any other is toasted
  const problems = useFormErrors(
    `${JSON.stringify(namingForm)}|${JSON.stringify(sel)}`,
    (field) =>
      (NAMING_FIELDS as readonly string[]).includes(field) ||
      (!isAnonymous && visibleFields(fields, donor.values).some((f) => f.fieldName === field)) ||
      (!!fulfilVis && FULFILMENT_FIELDS.includes(field))
  )
  const { submit, busy } = useNamingSubmit({
    sel,
    form: namingForm,
    ctx,
    gate,
    variant,
    loadBalance,
    problems
  })
  const summary =
    namingType === NamingType.BOOK
      ? t('naming.book.count', { books: sel.books.length, copies: booksCount(sel.books) })
      : // the form also names a tree, a bench, a brick or a building chosen on a map: not only seats
        t('naming.item.count', { n: sel.seats.length })
  const donorName = (donor.values.name || '').trim()

  // the problems shown under their fields (decision 081)
  const view = (
    <View className='nm-form' data-testid='form-gm'>
      <View className='nm-card nm-form__project'>
        {project.thumbnailImg ? (
          <Image {...imageAlt('')} className='nm-form__thumb' src={platform.assetUrl(project.thumbnailImg)} mode='aspectFill' />
        ) : null}
        <View className='nm-form__project-main'>
          <Text className='nm-form__project-name' data-testid='form-gm-project'>
            {project.name}
          </Text>
          <Text className='nm-form__project-intro'>{project.intro}</Text>
        </View>
      </View>
      <View id={fieldRowId('seatList')}>
        <ObjectsCard sel={sel} onChange={() => platform.nav.back()} />
        <FieldErrorLine field='seatList' className='fk-error fk-error--card' />
      </View>
      {nameplateShown ? (
        <View id={fieldRowId('nameplate')}>
          <NameplateCard sel={sel} examples={examples} onEdit={() => platform.nav.to(editUrl(variant, itemsId, namingType, donorName))} />
          <FieldErrorLine field='nameplate' className='fk-error fk-error--card' />
        </View>
      ) : null}
      <DonorCard
        fields={fields}
        values={donor.values}
        codes={donor.codes}
        anonymousOffered={form?.isShowAnonymous === 1}
        isAnonymous={isAnonymous}
        onAnonymous={setAnonymous}
        onValue={(name, v) => {
          // the donor's name is copied to the certificate, receipt and postal contact until they are edited
          if (name === 'name') setFulfil((f) => followDonorName(f, donor.values.name || '', v))
          setDonor((d) => ({ ...d, values: { ...d.values, [name]: v } }))
        }}
        onCode={(name, c) => setDonor((d) => ({ ...d, codes: { ...d.codes, [name]: c } }))}
      />
      {form && fulfilVis ? <FulfilmentSections form={form} state={fulfil} update={setFulfil} vis={fulfilVis} /> : null}
      {/* the receipt fields and the paper certificate carry their own note: one note on the page */}
      {fulfilVis?.receiptFields || fulfilVis?.certificateWay ? null : <PrivacyNote />}
      <View id={fieldRowId('payType')}>
        <PayCard options={options} value={payType} onPick={setPayType} />
        <FieldErrorLine field='payType' className='fk-error fk-error--card' />
      </View>
      {payType === PayTypes.CAMPUS_CARD ? (
        <CampusCardFields
          stuWorkNo={card.stuWorkNo}
          passwork={card.passwork}
          onChange={(p) => setCard((c) => ({ ...c, ...p }))}
          balance={balance}
          onCardNumberDone={(no) => loadBalance(no)}
        />
      ) : null}
      <AgreeRow agreed={agreed} onToggle={() => setAgreed((a) => !a)} />
      <View className='nm-bar-space' />
      <BottomBar
        total={totalOf(sel)}
        summary={summary}
        label={busy ? t('naming.pay.busy') : t('naming.pay.go')}
        busy={busy}
        onAction={submit}
        testId='form-gm-submit'
      />
      <AlumniDialog open={gate.alumniOpen} onClose={gate.closeAlumni} />
    </View>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}

export default function FormGmScreen({ variant: routeVariant = 'plain' }: { variant?: NamingVariant }) {
  const t = useT()
  const query = useMemo<FormQuery>(() => platform.nav.currentQuery(), [])
  const itemsId = idOf(query.id)
  const namingType: 1 | 2 = query.namingType === '2' ? NamingType.BOOK : NamingType.SEAT
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const variant = variantOf(itemsId, campaignItems, routeVariant)
  const page = useNamingPage(itemsId, { form: true })

  if (!itemsId)
    return (
      <View className='nm-state' data-testid='form-gm-missing'>
        {t('naming.notFound')}
      </View>
    )
  if (!page.data) {
    return (
      <View className='nm-state' data-testid='form-gm-loading' onClick={page.status === 'error' ? page.reload : undefined}>
        <Text>{page.status === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {page.status === 'error' ? <Text className='nm-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  }
  return <FormGm data={page.data} itemsId={itemsId} namingType={namingType} nameplateShown={query.namelate !== '0'} variant={variant} />
}
