/**
 * Launch a joint donation (route `together?id`, docs/product §2 Joint donation, §5 joint launch): the project, the
 * sponsor's name prefilled from the account, a slogan with presets, a target from the suggestions, typed, or none;
 * the first rule broken (or the server's refusal naming a field) shows under its field (decision 081); once launched the donor lands on the invite page to share it.
 */
import { useMemo, useState } from 'react'
import { Image, Input, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import type { TogetherLaunchDetail } from '@contract'
import { Card, Chips, fieldAria, FieldErrors, FieldRow, FormSkin, InputRow, useFormErrors } from '@/components/form-kit'
import LoadState from '@/components/load-state'
import SignedInGate from '@/components/signed-in-gate'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { formatMoney } from '@/lib/money'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchLaunchDetail, insertTogether } from '../api/together'
import { checkLaunch, launchBody, SLOGAN_MAX, SPONSOR_MAX, type LaunchDraft } from '../model/launch'
import 'taro-ui/lib/style/components/button.scss'
import './launch-screen.scss'
import { imageAlt } from '@/lib/a11y'

const NO_TARGET = 'none'

function LaunchForm({ info }: { info: TogetherLaunchDetail }) {
  const t = useT()
  const theme = useTheme()
  const [draft, setDraft] = useState<LaunchDraft>(() => ({ sponsor: info.sponsor, slogan: '', target: '', noTarget: false }))
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<LaunchDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const problems = useFormErrors(draft, (field) => field !== 'targetMoney' || !draft.noTarget)

  const targetChips = useMemo(
    () => [
      ...info.moneyList.map((m) => ({ value: m, label: t('together.launch.yuan', { money: formatMoney(m) }) })),
      { value: NO_TARGET, label: t('together.launch.noTarget') }
    ],
    [info.moneyList, t]
  )
  const chosen = draft.noTarget ? NO_TARGET : (info.moneyList.find((m) => Number(m) === Number(draft.target)) ?? '')

  const submit = async () => {
    if (busy) return
    const broken = checkLaunch(draft)
    if (broken) {
      problems.show(t(broken.key), broken.field)
      return
    }
    setBusy(true)
    try {
      const id = await insertTogether(launchBody(info.itemsId, draft))
      platform.nav.redirect(routeUrl('together-share', { id }))
    } catch (e) {
      // a refusal naming a field shows under it; request() toasted any other; what the donor typed stays in the form
      problems.refused(e)
      setBusy(false)
    }
  }

  // the problems shown under their fields (decision 081)
  const view = (
    <View className='tg-launch' data-testid='together-launch'>
      <View className='tg-launch__project' data-testid='launch-project'>
        {info.thumbnailImg ? (
          <Image {...imageAlt('')} className='tg-launch__thumb' src={platform.assetUrl(info.thumbnailImg)} mode='aspectFill' />
        ) : (
          <View className='tg-launch__thumb' />
        )}
        <View className='tg-launch__pbody'>
          <Text className='tg-launch__pname'>{info.itemsName}</Text>
          {info.intro ? <Text className='tg-launch__pintro'>{info.intro}</Text> : null}
        </View>
      </View>

      {info.canLaunch ? null : (
        <View className='tg-launch__closed' data-testid='launch-closed'>
          <Text>{info.noReason || t('together.launch.closed')}</Text>
        </View>
      )}

      {/* the donation form's look: the labels of chips and presets sit above them */}
      <FormSkin.Provider value='donate'>
        <Card>
          <InputRow
            label={t('together.launch.sponsor')}
            required
            value={draft.sponsor}
            maxlength={SPONSOR_MAX}
            placeholder={t('together.launch.sponsorPlaceholder')}
            onInput={(v) => set({ sponsor: v })}
            testId='launch-sponsor'
            field='sponsor'
          />
          <InputRow
            label={t('together.launch.slogan')}
            required
            multiline
            value={draft.slogan}
            maxlength={SLOGAN_MAX}
            placeholder={t('together.launch.sloganPlaceholder')}
            onInput={(v) => set({ slogan: v })}
            testId='launch-slogan'
            field='slogan'
          />
          <FieldRow label={t('together.launch.presets')} stacked>
            <View className='tg-launch__presets' data-testid='launch-presets'>
              {info.sloganList.map((s, i) => (
                <View
                  key={s}
                  className={`tg-launch__preset ${draft.slogan === s ? 'tg-launch__preset--on' : ''}`}
                  style={draft.slogan === s ? { borderColor: theme, color: theme } : undefined}
                  data-testid={`launch-preset-${i}`}
                  onClick={() => set({ slogan: s })}
                >
                  <Text>{s}</Text>
                </View>
              ))}
            </View>
          </FieldRow>
          <FieldRow label={t('together.launch.target')} required stacked field='targetMoney'>
            <Chips
              options={targetChips}
              selected={chosen ? [chosen] : []}
              onPick={(v) => (v === NO_TARGET ? set({ noTarget: !draft.noTarget }) : set({ target: v, noTarget: false }))}
              testPrefix='launch-target'
              columns={3}
            />
            {draft.noTarget ? null : (
              <Input
                {...fieldAria(t('together.launch.target'), 'targetMoney', problems.errors.targetMoney)}
                className='tg-launch__amount'
                type='digit'
                value={draft.target}
                maxlength={12}
                placeholder={t('together.launch.targetPlaceholder')}
                onInput={(e) => set({ target: e.detail.value })}
                data-testid='launch-target-input'
              />
            )}
          </FieldRow>
        </Card>
      </FormSkin.Provider>

      <Text className='tg-launch__tip'>{t('together.launch.tip')}</Text>

      <View className='tg-launch__submit' data-testid='launch-submit'>
        <AtButton
          type='primary'
          loading={busy}
          disabled={busy || !info.canLaunch}
          customStyle={info.canLaunch ? { background: theme, borderColor: theme } : undefined}
          onClick={submit}
        >
          {busy ? t('together.launch.submitting') : t('together.launch.submit')}
        </AtButton>
      </View>
    </View>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}

function Launch() {
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const itemsId = Number(q.id) || 0
  const t = useT()
  const state = useData(() => fetchLaunchDetail(itemsId), [itemsId], { enabled: itemsId > 0 })
  if (!itemsId || !state.data) {
    return (
      <LoadState state={state} className='tg-state' testId='launch-state' missing={itemsId ? undefined : t('together.launch.closed')} />
    )
  }
  return <LaunchForm info={state.data} />
}

export default function LaunchScreen() {
  return (
    <SignedInGate>
      <Launch />
    </SignedInGate>
  )
}
