/**
 * contract-cpu (docs/product §2, §5 Contract form): name, mobile and ID number prefilled from the donor's base info and
 * disabled, the project from getList, the amount; 'generate agreement' checks the fields in order (the first problem,
 * or the server's refusal naming a field, under that field: decision 081), shows 'generating' and opens contract-cpu/signature with the new agreement (without its link while
 * a busy server renders it: that page waits for it, docs/decisions/039). An icon leads to myList.
 * A donor whose certification lacks name or ID number sees the alumni box with the launch into the alumni
 * mini-program (as the donation form's alumni reminder does) instead of the form.
 */
import { useState } from 'react'
import { Button, Input, ScrollView, Text, View } from '@tarojs/components'
import { AlumniLaunch } from '@/features/donate'
import { platform } from '@/platform'
import SignedInGate from '@/components/signed-in-gate'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { ApiError } from '@/lib/request'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useT } from '@/store/session'
import { fetchBaseInfo, fetchCpuProjects, generateCpu } from '../api/agreement'
import { CONTRACT_FIELD, contractProblem, maskedIdNo, prefill } from '../model/contract'
import { failureText } from '../model/failure'
import { myListUrl, signatureUrl } from '../model/links'
import BusyOverlay from './overlay'
import './agreement.scss'

function Row({ label, children, testId, field }: { label: string; children: React.ReactNode; testId?: string; field: string }) {
  return (
    <View className='ag-row' id={fieldRowId(field)} data-testid={testId}>
      <Text className='ag-row__label'>
        <Text className='ag-row__req'>*</Text>
        {label}
      </Text>
      <View className='ag-row__body'>{children}</View>
      <FieldErrorLine field={field} className='fk-error ag-row__error' />
    </View>
  )
}

function ContractForm() {
  const t = useT()
  const theme = useTheme()
  const info = useData(fetchBaseInfo, [])
  const projects = useData(fetchCpuProjects, [])
  const [projectIndex, setProjectIndex] = useState(-1)
  const [choosing, setChoosing] = useState(false)
  const [amount, setAmount] = useState('')
  const [busy, setBusy] = useState(false)
  const problems = useFormErrors(`${projectIndex}|${amount}`)

  if (info.status === 'error' || projects.status === 'error')
    return (
      <View
        className='ag-state'
        data-testid='contract-load-failed'
        onClick={() => {
          info.reload()
          projects.reload()
        }}
      >
        <Text>{t('common.loadFailed')}</Text>
        <Text className='ag-state__retry'>{t('common.retry')}</Text>
      </View>
    )
  if (!info.data || !projects.data) return <View className='ag-state'>{t('common.loading')}</View>

  const me = prefill(info.data)
  const list = projects.data
  const project = projectIndex >= 0 ? list[projectIndex] : undefined

  if (!me.certified)
    return (
      <View className='ag-alumni' data-testid='contract-alumni'>
        <Text className='ag-alumni__title'>{t('contract.alumni.title')}</Text>
        <Text className='ag-alumni__text'>{t('contract.alumni.text')}</Text>
        <AlumniLaunch label={t('contract.alumni.login')} />
      </View>
    )

  const submit = async () => {
    if (busy) return
    const draft = { name: me.name, mobile: me.mobile, idNo: me.idNo, donateItemId: project?.id ?? null, donationAmount: amount }
    const problem = contractProblem(draft)
    if (problem) return problems.show(t(problem), CONTRACT_FIELD[problem])
    setBusy(true)
    try {
      const g = await generateCpu({ ...draft, donateItemId: project!.id, donationAmount: amount.trim() })
      platform.nav.to(signatureUrl(g.id, g.status === 'ready' ? g.unilateralAgreementUrl : ''))
    } catch (e) {
      // docs/product §8: 'request failed, please try again later'; a -1 carries the server's own words, under the
      // field it names when it names one
      problems.show(failureText(e, t), e instanceof ApiError ? e.field : null)
    } finally {
      setBusy(false)
    }
  }

  // the problems shown under their fields (decision 081)
  const view = (
    <View className='ag-screen' data-testid='contract-form'>
      <View className='ag-card'>
        <Row label={t('contract.name')} field='name'>
          <Input className='ag-input ag-input--disabled' value={me.name} disabled data-testid='contract-name' />
        </Row>
        <Row label={t('contract.mobile')} field='mobile'>
          <Input className='ag-input ag-input--disabled' value={me.mobile} disabled data-testid='contract-mobile' />
        </Row>
        <Row label={t('contract.idNo')} field='idNo'>
          <Input className='ag-input ag-input--disabled' value={maskedIdNo(me.idNo)} disabled data-testid='contract-idno' />
        </Row>
        <Row label={t('contract.project')} testId='contract-project' field='donateItemId'>
          <View
            className={`ag-pick${project ? '' : ' ag-pick--empty'}`}
            onClick={() => setChoosing(true)}
            data-testid='contract-project-value'
          >
            {project ? project.name : t('contract.projectPick')}
            <Text className='ag-pick__arrow'>›</Text>
          </View>
        </Row>
        <Row label={t('contract.amount')} field='donationAmount'>
          <Input
            {...fieldAria(t('contract.amount'), 'donationAmount', problems.errors.donationAmount)}
            className='ag-input'
            type='digit'
            value={amount}
            maxlength={12}
            placeholder={t('contract.amountHint')}
            onInput={(e) => setAmount(e.detail.value)}
            data-testid='contract-amount'
          />
        </Row>
        <Text className='ag-note'>{t('contract.prefilled')}</Text>
      </View>
      <View className='ag-foot'>
        <Button
          className='ag-btn ag-btn--primary ag-btn--block'
          style={{ background: theme }}
          onClick={submit}
          data-testid='contract-generate'
        >
          {t('contract.generate')}
        </Button>
      </View>
      {choosing ? (
        <View className='ag-sheet' onClick={() => setChoosing(false)} catchMove>
          <View className='ag-sheet__panel' onClick={(e) => e.stopPropagation()} data-testid='contract-project-list'>
            <View className='ag-sheet__head'>
              <Text className='ag-sheet__title'>{t('contract.projectPick')}</Text>
              <Text className='ag-sheet__close' onClick={() => setChoosing(false)}>
                ×
              </Text>
            </View>
            <ScrollView scrollY className='ag-options'>
              {list.map((p, i) => (
                <View
                  key={p.id}
                  className={`ag-option${i === projectIndex ? ' ag-option--on' : ''}`}
                  style={i === projectIndex ? { color: theme } : undefined}
                  onClick={() => {
                    setProjectIndex(i)
                    setChoosing(false)
                  }}
                  data-testid={`contract-project-option-${p.id}`}
                >
                  {p.name}
                </View>
              ))}
            </ScrollView>
          </View>
        </View>
      ) : null}
      {busy ? <BusyOverlay text={t('agreement.generating')} testId='agreement-generating' /> : null}
    </View>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}

export default function ContractFormScreen() {
  const t = useT()
  return (
    <View className='ag-page'>
      <View
        className='ag-mylist-icon'
        role='button'
        aria-label={t('contract.myList')}
        onClick={() => platform.nav.to(myListUrl())}
        data-testid='contract-mylist'
      >
        <Text className='ag-mylist-icon__glyph'>☰</Text>
        <Text className='ag-mylist-icon__text'>{t('contract.myList')}</Text>
      </View>
      <SignedInGate>
        <ContractForm />
      </SignedInGate>
    </View>
  )
}
