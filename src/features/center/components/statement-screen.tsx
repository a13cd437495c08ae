/**
 * mine-statement (docs/product §2 Personal centre, docs/decisions/050-yearly-statement.md): each year the donor gave in,
 * with its total (paid less refunded); per year a PDF to download (opened by the mini-programs, saved by H5) and
 * an e-mail button; the address statements go to (its problems, and the server's, under it: decision 081); and "e-mail
 * me my statement every year". Loading, failed and
 * empty states of their own.
 */
import { useState } from 'react'
import { Input, Switch, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import EmptyState from '@/components/empty-state'
import LoadState from '@/components/load-state'
import { fieldLabel } from '@/lib/a11y'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { toast } from '@/lib/quiet'
import { errorMessage } from '@/lib/request'
import { useT } from '@/store/session'
import { emailStatement, fetchStatementYears, openStatement, setYearlyStatement } from '../api/statement'
import { EMAIL, statementYearViews } from '../model/statement'
import RequireToken from './require-token'
import 'taro-ui/lib/style/components/button.scss'
import './statement-screen.scss'

function Statements() {
  const t = useT()
  const theme = useTheme()
  const state = useData(() => fetchStatementYears(), [])
  const [email, setEmail] = useState<string | null>(null)
  const [busy, setBusy] = useState<string>('')
  const [yearly, setYearly] = useState<boolean | null>(null)
  const problems = useFormErrors(email)
  if (!state.data) return <LoadState state={state} className='statement__state' testId='statement-state' skeleton='card' />
  const data = state.data
  const address = email ?? data.email
  const years = statementYearViews(data, t)
  if (!years.length)
    return (
      <View className='statement' data-testid='statement-empty'>
        <EmptyState art='paper' text={t('statement.empty')} hint={t('statement.emptyHint')} />
      </View>
    )

  const run = async (key: string, job: () => Promise<void>) => {
    if (busy) return
    setBusy(key)
    try {
      await job()
    } finally {
      setBusy('')
    }
  }
  const download = (year: number) =>
    run(`pdf-${year}`, () => openStatement(year).catch((e) => toast(errorMessage(e) || t('statement.downloadFailed'), 2000)))
  const mail = (year: number) =>
    run(`mail-${year}`, async () => {
      const to = address.trim()
      if (!EMAIL.test(to)) return problems.show(t('statement.emailInvalid'), 'email')
      try {
        const r = await emailStatement(year, to)
        toast(t('statement.emailSent', { email: r.email }), 2500)
      } catch (e) {
        // a refusal of the address shows under it; request() toasted any other
        problems.refused(e)
      }
    })
  const toggleYearly = (on: boolean) =>
    run('yearly', async () => {
      if (on && !address.trim() && !data.email) return problems.show(t('statement.yearlyNeedEmail'), 'email')
      try {
        const r = await setYearlyStatement(on)
        setYearly(r.yearly === 1)
      } catch {
        setYearly(!on)
      }
    })

  return (
    <View className='statement' data-testid='statement-screen'>
      <Text className='statement__intro'>{t('statement.intro')}</Text>
      {years.map((y) => (
        <View key={y.year} className='statement__card' data-testid={`statement-year-${y.year}`}>
          <View className='statement__head'>
            <Text className='statement__year'>{y.title}</Text>
            <View className='statement__total'>
              <Text className='statement__total-label'>{t('statement.total')}</Text>
              <Text className='statement__total-value' style={{ color: theme }} data-testid={`statement-total-${y.year}`}>
                {y.total}
              </Text>
            </View>
          </View>
          <Text className='statement__detail'>{y.detail}</Text>
          <View className='statement__actions'>
            <View className='statement__action' data-testid={`statement-download-${y.year}`}>
              <AtButton
                type='primary'
                size='small'
                loading={busy === `pdf-${y.year}`}
                disabled={!!busy}
                customStyle={{ background: theme, borderColor: theme }}
                onClick={() => download(y.year)}
              >
                {t('statement.download')}
              </AtButton>
            </View>
            <View className='statement__action' data-testid={`statement-email-${y.year}`}>
              <AtButton
                size='small'
                loading={busy === `mail-${y.year}`}
                disabled={!!busy}
                customStyle={{ color: theme, borderColor: theme }}
                onClick={() => mail(y.year)}
              >
                {t('statement.email')}
              </AtButton>
            </View>
          </View>
        </View>
      ))}
      <View className='statement__group' id={fieldRowId('email')}>
        <Text className='statement__label'>{t('statement.address')}</Text>
        <Input
          {...fieldAria(t('statement.emailPlaceholder'), 'email', problems.errors.email)}
          className='statement__input'
          type='text'
          value={address}
          maxlength={200}
          placeholder={t('statement.emailPlaceholder')}
          placeholderClass='statement__ph'
          onInput={(e) => setEmail(e.detail.value)}
          data-testid='statement-address'
        />
        <FieldErrors.Provider value={problems.errors}>
          <FieldErrorLine field='email' />
        </FieldErrors.Provider>
        <View className='statement__row' data-testid='statement-yearly'>
          <View className='statement__row-text'>
            <Text className='statement__kind'>{t('statement.yearly')}</Text>
            <Text className='statement__hint'>{t('statement.yearlyHint')}</Text>
          </View>
          <Switch
            {...fieldLabel(t('statement.yearly'))}
            checked={yearly ?? data.yearly === 1}
            color={theme}
            onChange={(e) => toggleYearly(e.detail.value)}
          />
        </View>
      </View>
    </View>
  )
}

export default function StatementScreen() {
  return (
    <RequireToken>
      <Statements />
    </RequireToken>
  )
}
