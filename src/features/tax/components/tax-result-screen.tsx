/**
 * tax-result (docs/product §2, §8): reads only its query (type=1&gz&wxyj&zxkc&jz&isDonate or type=2&lr&jz&isDonate),
 * so a shared link shows the same figures. Tax before, after, the saving and (company) the amount carried forward,
 * with thousands separators and two decimals; the formulas, the bracket table, the three laws, donate and recalculate.
 */
import { useMemo } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { copyText } from '@/lib/clipboard'
import { useTheme } from '@/lib/hooks/use-page-title'
import { formatMoney } from '@/lib/money'
import { ROUTES } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import type { MessageKey } from '@/lib/i18n'
import { compute, fromQuery, PERSONAL_BRACKETS, type CompanyResult, type PersonalResult } from '../model/tax'
import 'taro-ui/lib/style/components/button.scss'
import './tax-screens.scss'

/** The national database of laws and regulations (NPC), where the three laws are published in full. */
export const LAW_DATABASE_URL = 'https://flk.npc.gov.cn/'

function stackDepth(): number {
  try {
    return Taro.getCurrentPages().length
  } catch {
    // H5 before its router is up, and tests: a page opened on its own
    return 1
  }
}

const yuan = (d: { toFixed(n: number): string }) => formatMoney(d.toFixed(2))

function Figure({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <View className={`tax__figure${strong ? ' tax__figure--strong' : ''}`}>
      <Text className='tax__figure-label'>{label}</Text>
      <Text className='tax__figure-value' data-testid={testId}>
        ¥{value}
      </Text>
    </View>
  )
}

function PersonalFigures({ r, donated }: { r: PersonalResult; donated: boolean }) {
  const t = useT()
  const lead = r.belowThreshold
    ? t('tax.result.belowThreshold')
    : r.taxable.lte(0)
      ? t('tax.result.noTax')
      : donated
        ? t('tax.result.personalLead', { donation: yuan(r.donation), deductible: yuan(r.deductible), saving: yuan(r.saving) })
        : t('tax.result.personalMax', { donation: yuan(r.donation), saving: yuan(r.saving) })
  return (
    <>
      <Text className='tax__lead' data-testid='tax-lead'>
        {lead}
      </Text>
      <Figure label={t('tax.figure.taxable')} value={yuan(r.taxable)} testId='tax-taxable' />
      <Figure label={t('tax.figure.limit')} value={yuan(r.limit)} testId='tax-limit' />
      <Figure label={t('tax.figure.deductible')} value={yuan(r.deductible)} testId='tax-deductible' />
      <Figure label={t('tax.figure.before')} value={yuan(r.taxBefore)} testId='tax-before' />
      <Figure label={t('tax.figure.after')} value={yuan(r.taxAfter)} testId='tax-after' />
      <Figure label={t('tax.figure.saving')} value={yuan(r.saving)} strong testId='tax-saving' />
    </>
  )
}

function CompanyFigures({ r, donated }: { r: CompanyResult; donated: boolean }) {
  const t = useT()
  const lead = r.profit.lte(0)
    ? t('tax.result.noProfit')
    : donated
      ? t('tax.result.companyLead', { donation: yuan(r.donation), deductible: yuan(r.deductible), saving: yuan(r.saving) })
      : t('tax.result.companyMax', { donation: yuan(r.donation), saving: yuan(r.saving) })
  return (
    <>
      <Text className='tax__lead' data-testid='tax-lead'>
        {lead}
      </Text>
      {r.carryForward.gt(0) ? (
        <Text className='tax__lead tax__lead--note' data-testid='tax-carry-note'>
          {t('tax.result.carry', { carry: yuan(r.carryForward) })}
        </Text>
      ) : null}
      <Figure label={t('tax.figure.profit')} value={yuan(r.profit)} testId='tax-profit' />
      <Figure label={t('tax.figure.limit')} value={yuan(r.limit)} testId='tax-limit' />
      <Figure label={t('tax.figure.deductible')} value={yuan(r.deductible)} testId='tax-deductible' />
      <Figure label={t('tax.figure.before')} value={yuan(r.taxBefore)} testId='tax-before' />
      <Figure label={t('tax.figure.after')} value={yuan(r.taxAfter)} testId='tax-after' />
      <Figure label={t('tax.figure.saving')} value={yuan(r.saving)} strong testId='tax-saving' />
      <Figure label={t('tax.figure.carry')} value={yuan(r.carryForward)} testId='tax-carry' />
    </>
  )
}

function BracketTable() {
  const t = useT()
  const n = (v: number) => v.toLocaleString('en-US')
  return (
    <View className='tax__card' data-testid='tax-brackets'>
      <Text className='tax__card-title'>{t('tax.table.title')}</Text>
      <View className='tax__tr tax__tr--head'>
        <Text className='tax__td tax__td--band'>{t('tax.table.band')}</Text>
        <Text className='tax__td'>{t('tax.table.rate')}</Text>
        <Text className='tax__td'>{t('tax.table.quick')}</Text>
      </View>
      {PERSONAL_BRACKETS.map((b, i) => (
        <View className='tax__tr' key={b.from}>
          <Text className='tax__td tax__td--band'>
            {i === 0
              ? t('tax.table.first', { to: n(b.to as number) })
              : b.to === null
                ? t('tax.table.last', { from: n(b.from) })
                : t('tax.table.middle', { from: n(b.from), to: n(b.to) })}
          </Text>
          <Text className='tax__td'>{b.rate}%</Text>
          <Text className='tax__td'>{n(b.quickDeduction)}</Text>
        </View>
      ))}
    </View>
  )
}

const LAWS: Array<[MessageKey, MessageKey]> = [
  ['tax.law.charity', 'tax.law.charityText'],
  ['tax.law.personal', 'tax.law.personalText'],
  ['tax.law.company', 'tax.law.companyText']
]

export function TaxResultScreen() {
  const t = useT()
  const theme = useTheme()
  const form = useMemo(() => fromQuery(platform.nav.currentQuery()), [])
  const result = useMemo(() => (form ? compute(form) : null), [form])

  function recalculate() {
    // opened from the tool: back to the form as it was left; opened from a link: a fresh tool
    if (stackDepth() > 1) platform.nav.back()
    else platform.nav.redirect(ROUTES['tax-tool'])
  }
  function donate() {
    const routes: Record<string, string> = ROUTES
    platform.nav.to(routes.home ?? ROUTES.subject)
  }

  return (
    <View className='tax' data-testid='tax-result'>
      {result ? (
        <>
          <View className='tax__card'>
            <Text className='tax__card-title'>{t('tax.result.title')}</Text>
            {result.kind === 'personal' ? (
              <PersonalFigures r={result} donated={!!form?.isDonate} />
            ) : (
              <CompanyFigures r={result} donated={!!form?.isDonate} />
            )}
          </View>
          <View className='tax__card' data-testid='tax-formulas'>
            <Text className='tax__card-title'>{t('tax.formula.title')}</Text>
            {(result.kind === 'personal'
              ? (['tax.formula.p1', 'tax.formula.p2', 'tax.formula.p3'] as const)
              : (['tax.formula.c1', 'tax.formula.c2', 'tax.formula.c3'] as const)
            ).map((k) => (
              <Text className='tax__formula' key={k}>
                {t(k)}
              </Text>
            ))}
          </View>
          {result.kind === 'personal' ? <BracketTable /> : null}
        </>
      ) : (
        <View className='tax__card' data-testid='tax-bad-link'>
          <Text className='tax__lead'>{t('tax.result.badLink')}</Text>
        </View>
      )}
      <View className='tax__card' data-testid='tax-laws'>
        <Text className='tax__card-title'>{t('tax.laws.title')}</Text>
        {LAWS.map(([title, text]) => (
          <View className='tax__law' key={title}>
            <Text className='tax__law-title'>{t(title)}</Text>
            <Text className='tax__law-text'>{t(text)}</Text>
          </View>
        ))}
        <View
          className='tax__link'
          role='button'
          data-testid='tax-law-link'
          onClick={() => copyText(LAW_DATABASE_URL, t('tax.law.copied'))}
        >
          <Text>{t('tax.law.copy')}</Text>
          <Text className='tax__link-url'>{LAW_DATABASE_URL}</Text>
        </View>
      </View>
      <View className='tax__actions tax__actions--two'>
        <View className='tax__action' data-testid='tax-recalculate'>
          <AtButton type='secondary' customStyle={{ color: theme, borderColor: theme }} onClick={recalculate}>
            {t('tax.recalculate')}
          </AtButton>
        </View>
        <View className='tax__action' data-testid='tax-donate'>
          <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={donate}>
            {t('tax.donate')}
          </AtButton>
        </View>
      </View>
      <Text className='tax__disclaimer'>{t('tax.disclaimer')}</Text>
    </View>
  )
}
