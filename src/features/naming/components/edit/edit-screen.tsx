/**
 * edit?id&namingType&name and seat-naming-jnu/edit (docs/product §2 Naming): the nameplate editor. A preview slider
 * over the project's examples; one nameplate for every object, or one by one; donor name, identity (fixed to alumnus
 * for seats) and a message of at most 20 characters. Confirm checks every plate (the first problem under its input,
 * decision 081), keeps them in storage 'gm' and returns to the form. Nothing is kept until Confirm.
 */
import { useMemo, useState } from 'react'
import { Input, Swiper, SwiperItem, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { NAMING_LIMITS, NamingType, type NameplateText } from '@contract'
import { platform } from '@/platform'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import type { GmSelection } from '@/platform/storage-keys'
import { useNamingPage } from '../../hooks/use-naming-page'
import { useSelection } from '../../hooks/use-selection'
import { blankPlate, messageLeft, nameplateProblem, normalisePlate, plateFieldOf } from '../../model/nameplate'
import { IDENTITY_NOTE, nounOf } from '../../model/noun'
import { objectsOf, plateOf } from '../../model/selection'
import ScrollTabs from '../kit/scroll-tabs'
import PlatePreview from './plate-preview'
import 'taro-ui/lib/style/components/button.scss'
import '../kit/kit.scss'
import './edit.scss'

const idOf = (v: string | undefined): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

interface Draft {
  mode: GmSelection['mode']
  nameplate: NameplateText
  nameplates: Record<string, NameplateText>
}

function draftOf(sel: GmSelection, name: string): Draft {
  const shared = sel.nameplate.donorName || !name ? sel.nameplate : { ...sel.nameplate, donorName: name }
  return { mode: sel.mode, nameplate: shared, nameplates: { ...sel.nameplates } }
}

export default function EditScreen() {
  const t = useT()
  const theme = useTheme()
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const itemsId = idOf(query.id)
  const namingType: 1 | 2 = query.namingType === '2' ? NamingType.BOOK : NamingType.SEAT
  const page = useNamingPage(itemsId, { form: false })
  const [sel, update] = useSelection(itemsId, namingType)
  const [draft, setDraft] = useState<Draft>(() => draftOf(sel, query.name || ''))
  const objects = objectsOf(sel, (n) => t('naming.book.copies', { n }))
  const [current, setCurrent] = useState<string>(objects[0]?.key || '')
  const currentKey = objects.some((o) => o.key === current) ? current : objects[0]?.key || ''
  const isSeat = namingType === NamingType.SEAT
  // a tree, bench, building, brick or artwork named from a map is a 'seat' too: the note says what it is
  const campaignItems = useSession((st) => st.settings.campaignItems)
  const problems = useFormErrors(draft)
  const { errors } = problems

  const editing: NameplateText = draft.mode === 'each' ? draft.nameplates[currentKey] || draft.nameplate : draft.nameplate
  const setField = (k: keyof NameplateText, v: string) =>
    setDraft((d) =>
      d.mode === 'each' && currentKey
        ? { ...d, nameplates: { ...d.nameplates, [currentKey]: { ...(d.nameplates[currentKey] || d.nameplate), [k]: v } } }
        : { ...d, nameplate: { ...d.nameplate, [k]: v } }
    )

  const confirm = () => {
    const next: GmSelection = { ...sel, mode: draft.mode, nameplate: draft.nameplate, nameplates: draft.nameplates }
    const keys = draft.mode === 'each' ? objects.map((o) => o.key) : objects.slice(0, 1).map((o) => o.key)
    for (const k of keys.length ? keys : ['']) {
      const problem = nameplateProblem(k ? plateOf(next, k) : next.nameplate, namingType)
      if (problem) {
        if (k && draft.mode === 'each') setCurrent(k)
        return problems.show(t(problem), plateFieldOf(problem))
      }
    }
    update(() => next)
    platform.nav.back()
  }

  const examples = page.data?.examples || []
  const preview = normalisePlate({ ...blankPlate(), ...editing }, namingType)
  const left = messageLeft(editing.donationMessage)

  // the problems shown under their fields (decision 081)
  const view = (
    <View className='nm-edit' data-testid='nameplate-editor'>
      <View className='nm-edit__preview'>
        {examples.length > 1 ? (
          <Swiper className='nm-edit__slider' indicatorDots data-testid='plate-slider'>
            {examples.map((ex) => (
              <SwiperItem key={ex.id}>
                <View className='nm-edit__slide'>
                  <PlatePreview example={ex} plate={preview} />
                  {/* the school's name for its plate (content, decision 073) */}
                  <Text className='nm-edit__slide-title' data-content=''>
                    {ex.title}
                  </Text>
                </View>
              </SwiperItem>
            ))}
          </Swiper>
        ) : (
          <PlatePreview example={examples[0] || null} plate={preview} testId='plate-single' />
        )}
      </View>
      {objects.length > 1 ? (
        <View className='nm-card'>
          <View className='nm-edit__modes'>
            {(['all', 'each'] as const).map((m) => (
              <Text
                key={m}
                className={`nm-edit__mode${draft.mode === m ? ' nm-edit__mode--on' : ''}`}
                data-testid={`plate-mode-${m}`}
                onClick={() => setDraft((d) => ({ ...d, mode: m }))}
              >
                {t(m === 'all' ? 'naming.edit.all' : 'naming.edit.each')}
              </Text>
            ))}
          </View>
        </View>
      ) : null}
      {draft.mode === 'each' && objects.length > 1 ? (
        <ScrollTabs
          tabs={objects.map((o) => ({ key: o.key, title: o.label }))}
          current={currentKey}
          onChange={(k) => setCurrent(String(k))}
          testPrefix='plate-object'
        />
      ) : null}
      <View className='nm-card nm-edit__fields'>
        <View className='nm-edit__row' id={fieldRowId('donorName')}>
          <Text className='nm-edit__label'>
            <Text className='nm-edit__req'>*</Text>
            {t('naming.edit.donorName')}
          </Text>
          <Input
            {...fieldAria(t('naming.edit.donorName'), 'donorName', errors.donorName)}
            className='nm-edit__input'
            value={editing.donorName}
            maxlength={NAMING_LIMITS.DONOR_NAME_MAX}
            placeholder={t('naming.edit.donorNamePh')}
            onInput={(e) => setField('donorName', e.detail.value)}
            data-testid='plate-donor'
          />
        </View>
        <FieldErrorLine field='donorName' />
        <View className='nm-edit__row' id={fieldRowId('donorIdentity')}>
          <Text className='nm-edit__label'>
            <Text className='nm-edit__req'>*</Text>
            {t('naming.edit.identity')}
          </Text>
          {isSeat ? (
            <Text className='nm-edit__fixed' data-testid='plate-identity-fixed'>
              {t('naming.edit.identityAlumnus')}
            </Text>
          ) : (
            <Input
              {...fieldAria(t('naming.edit.identity'), 'donorIdentity', errors.donorIdentity)}
              className='nm-edit__input'
              value={editing.donorIdentity}
              maxlength={NAMING_LIMITS.IDENTITY_MAX}
              placeholder={t('naming.edit.identityPh')}
              onInput={(e) => setField('donorIdentity', e.detail.value)}
              data-testid='plate-identity'
            />
          )}
        </View>
        <FieldErrorLine field='donorIdentity' />
        <View className='nm-edit__row nm-edit__row--top' id={fieldRowId('donationMessage')}>
          <Text className='nm-edit__label'>
            <Text className='nm-edit__req'>*</Text>
            {t('naming.edit.message')}
          </Text>
          <View className='nm-edit__grow'>
            <Input
              {...fieldAria(t('naming.edit.message'), 'donationMessage', errors.donationMessage)}
              className='nm-edit__input'
              value={editing.donationMessage}
              placeholder={t('naming.edit.messagePh', { max: NAMING_LIMITS.MESSAGE_MAX })}
              onInput={(e) => setField('donationMessage', e.detail.value)}
              data-testid='plate-message'
            />
            <Text className={`nm-edit__count${left < 0 ? ' nm-edit__count--over' : ''}`} data-testid='plate-message-left'>
              {left < 0 ? t('naming.edit.over', { n: -left }) : t('naming.edit.left', { n: left })}
            </Text>
          </View>
        </View>
        <FieldErrorLine field='donationMessage' />
        {isSeat ? <Text className='nm-note'>{t(IDENTITY_NOTE[nounOf(campaignItems, itemsId)])}</Text> : null}
      </View>
      <View className='nm-edit__action' data-testid='plate-confirm'>
        <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={confirm}>
          {t('naming.edit.confirm')}
        </AtButton>
      </View>
    </View>
  )
  return <FieldErrors.Provider value={errors}>{view}</FieldErrors.Provider>
}
