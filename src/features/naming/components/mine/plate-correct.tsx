/**
 * Correcting a nameplate from mine-gm (nameplate review, decision 013): the text staff returned (or that still waits)
 * is edited with the same rules as on the form (a problem, or the server's refusal naming an input, under that input:
 * decision 081) and sent back to review. An approved nameplate is never offered here.
 */
import { useEffect, useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { ALUMNUS_IDENTITY, NAMING_LIMITS, NamingType, type NameplateText } from '@contract'
import type { NamingSeat } from '@contract'
import { toast } from '@/lib/quiet'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { updateNameplate } from '../../api/naming'
import { messageLeft, nameplateProblem, normalisePlate, plateFieldOf } from '../../model/nameplate'
import Sheet from '../kit/sheet'
import 'taro-ui/lib/style/components/button.scss'
import '../edit/edit.scss'
import './mine.scss'

export default function PlateCorrect({ target, onClose, onSaved }: { target: NamingSeat | null; onClose(): void; onSaved(): void }) {
  const t = useT()
  const theme = useTheme()
  const [plate, setPlate] = useState<NameplateText>({ donorName: '', donorIdentity: ALUMNUS_IDENTITY, donationMessage: '' })
  const [busy, setBusy] = useState(false)
  const problems = useFormErrors(plate)
  const { errors, clear } = problems
  useEffect(() => {
    if (target) setPlate({ ...target.nameplate })
    clear()
  }, [target, clear])
  const isSeat = target?.namingType !== NamingType.BOOK
  const left = messageLeft(plate.donationMessage)
  const save = async () => {
    if (!target || busy) return
    const problem = nameplateProblem(plate, target.namingType)
    if (problem) return problems.show(t(problem), plateFieldOf(problem))
    setBusy(true)
    try {
      await updateNameplate({ ...normalisePlate(plate, target.namingType), namingType: target.namingType, namingId: target.namingId })
      toast(t('naming.mine.saved'), 1000)
      onSaved()
    } catch (e) {
      // a refusal naming an input shows under it; request() has shown any other
      problems.refused(e)
    } finally {
      setBusy(false)
    }
  }
  const set = (k: keyof NameplateText) => (e: { detail: { value: string } }) => setPlate((p) => ({ ...p, [k]: e.detail.value }))
  // the problems shown under their fields (decision 081)
  const view = (
    <Sheet open={!!target} title={t('naming.mine.correct')} onClose={onClose} testId='plate-correct'>
      {target?.reviewReason ? <Text className='nm-gm__reason'>{t('naming.mine.reason', { reason: target.reviewReason })}</Text> : null}
      <View className='nm-edit__row' id={fieldRowId('donorName')}>
        <Text className='nm-edit__label'>{t('naming.edit.donorName')}</Text>
        <Input
          {...fieldAria(t('naming.edit.donorName'), 'donorName', errors.donorName)}
          className='nm-edit__input'
          value={plate.donorName}
          maxlength={NAMING_LIMITS.DONOR_NAME_MAX}
          onInput={set('donorName')}
          data-testid='correct-donor'
        />
      </View>
      <FieldErrorLine field='donorName' />
      <View className='nm-edit__row' id={fieldRowId('donorIdentity')}>
        <Text className='nm-edit__label'>{t('naming.edit.identity')}</Text>
        {isSeat ? (
          <Text className='nm-edit__fixed'>{t('naming.edit.identityAlumnus')}</Text>
        ) : (
          <Input
            {...fieldAria(t('naming.edit.identity'), 'donorIdentity', errors.donorIdentity)}
            className='nm-edit__input'
            value={plate.donorIdentity}
            maxlength={NAMING_LIMITS.IDENTITY_MAX}
            onInput={set('donorIdentity')}
            data-testid='correct-identity'
          />
        )}
      </View>
      <FieldErrorLine field='donorIdentity' />
      <View className='nm-edit__row nm-edit__row--top' id={fieldRowId('donationMessage')}>
        <Text className='nm-edit__label'>{t('naming.edit.message')}</Text>
        <View className='nm-edit__grow'>
          <Input
            {...fieldAria(t('naming.edit.message'), 'donationMessage', errors.donationMessage)}
            className='nm-edit__input'
            value={plate.donationMessage}
            onInput={set('donationMessage')}
            data-testid='correct-message'
          />
          <Text className={`nm-edit__count${left < 0 ? ' nm-edit__count--over' : ''}`}>
            {left < 0 ? t('naming.edit.over', { n: -left }) : t('naming.edit.left', { n: left })}
          </Text>
        </View>
      </View>
      <FieldErrorLine field='donationMessage' />
      <View className='nm-gm__save' data-testid='correct-save'>
        <AtButton type='primary' loading={busy} disabled={busy} customStyle={{ background: theme, borderColor: theme }} onClick={save}>
          {t('naming.mine.resubmit')}
        </AtButton>
      </View>
    </Sheet>
  )
  return <FieldErrors.Provider value={errors}>{view}</FieldErrors.Provider>
}
