/**
 * The donation form's building blocks: a section card, a labelled row, a switch row, choice chips (single or
 * multiple), a tappable value row (pickers) and a text input row. Theme colour from the school config.
 */
import type { PropsWithChildren, ReactNode } from 'react'
import { Input, Switch, Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import './form-kit.scss'

export function Section({ title, extra, children, testId }: PropsWithChildren<{ title: string; extra?: ReactNode; testId?: string }>) {
  return (
    <View className='dn-section' data-testid={testId}>
      <View className='dn-section__head'>
        <Text className='dn-section__title'>{title}</Text>
        {extra}
      </View>
      {children}
    </View>
  )
}

export function Row({ label, required, children, testId, stacked, onTap }: PropsWithChildren<{ label: string; required?: boolean; testId?: string; stacked?: boolean; onTap?(): void }>) {
  return (
    <View className={`dn-row ${stacked ? 'dn-row--stacked' : ''}`} data-testid={testId} onClick={onTap}>
      <View className='dn-row__label'>
        {required ? <Text className='dn-row__req'>*</Text> : null}
        <Text>{label}</Text>
      </View>
      <View className='dn-row__body'>{children}</View>
    </View>
  )
}

export function SwitchRow({ label, hint, checked, onChange, testId }: { label: string; hint?: string; checked: boolean; onChange(v: boolean): void; testId?: string }) {
  const theme = useTheme()
  return (
    <View className='dn-row dn-row--switch' data-testid={testId}>
      <View className='dn-row__label dn-row__label--wide'>
        <Text>{label}</Text>
        {hint ? <Text className='dn-row__hint'>{hint}</Text> : null}
      </View>
      <Switch className='dn-switch' checked={checked} color={theme} onChange={(e) => onChange(!!e.detail.value)} />
    </View>
  )
}

export interface Choice<V> {
  value: V
  label: string
  sub?: string
}

/** Chips: one value (radio) or several (multi). Tapping a chosen chip in multi mode unchooses it. */
export function Chips<V extends string | number>({ options, selected, onPick, testId, columns }: {
  options: Choice<V>[]
  selected: V[]
  onPick(v: V): void
  testId?: string
  columns?: 2 | 3
}) {
  const theme = useTheme()
  return (
    <View className={`dn-chips ${columns ? `dn-chips--${columns}` : ''}`} data-testid={testId}>
      {options.map((o) => {
        const on = selected.includes(o.value)
        return (
          <View
            key={String(o.value)}
            className={`dn-chip ${on ? 'dn-chip--on' : ''}`}
            style={on ? { borderColor: theme, color: theme, background: `${theme}0f` } : undefined}
            data-testid={`chip-${o.value}`}
            onClick={() => onPick(o.value)}
          >
            <Text className='dn-chip__label'>{o.label}</Text>
            {o.sub ? <Text className='dn-chip__sub'>{o.sub}</Text> : null}
          </View>
        )
      })}
    </View>
  )
}

/** The value, or the placeholder in grey, and a chevron: the body of a row that opens a picker. */
export function ValueText({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <View className='dn-value'>
      <Text className={value ? 'dn-value__text' : 'dn-value__ph'}>{value || placeholder}</Text>
      <Text className='dn-value__chevron'>›</Text>
    </View>
  )
}

/** A row whose value opens a picker: `picker` wraps the value (Taro's Picker), or `onTap` opens a sheet. */
export function ValueRow({ label, required, value, placeholder, onTap, testId, picker }: {
  label: string
  required?: boolean
  value: string
  placeholder: string
  onTap?(): void
  testId?: string
  picker?(children: ReactNode): ReactNode
}) {
  const text = <ValueText value={value} placeholder={placeholder} />
  return (
    <Row label={label} required={required} testId={testId} onTap={onTap}>
      {picker ? picker(text) : text}
    </Row>
  )
}

export function TextRow({ label, required, value, placeholder, onInput, onBlur, type, password, maxlength, testId }: {
  label: string
  required?: boolean
  value: string
  placeholder: string
  onInput(v: string): void
  onBlur?(v: string): void
  type?: 'text' | 'number' | 'digit' | 'idcard'
  password?: boolean
  maxlength?: number
  testId?: string
}) {
  return (
    <Row label={label} required={required}>
      <Input
        className='dn-input'
        value={value}
        type={type || 'text'}
        password={password}
        maxlength={maxlength && maxlength > 0 ? maxlength : 140}
        placeholder={placeholder}
        placeholderClass='dn-ph'
        onInput={(e) => onInput(e.detail.value)}
        onBlur={(e) => onBlur?.(e.detail.value)}
        data-testid={testId}
      />
    </Row>
  )
}
