/**
 * The form kit: a card, a labelled row, a text input row, a read-only row, choice chips (single or multiple), a
 * switch row, a row whose value opens a picker, and a note. Theme colour from the school config; classes from the
 * skin (./skin.ts).
 */
import type { PropsWithChildren, ReactNode } from 'react'
import { Input, Switch, Text, Textarea, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSkin } from './skin'
import './form-kit.scss'
import { fieldLabel, pressable } from '@/lib/a11y'
import { fieldAria, fieldErrorId, fieldRowId, useFieldError } from './errors'

export function Card({ title, extra, children, testId }: PropsWithChildren<{ title?: string; extra?: ReactNode; testId?: string }>) {
  const { card } = useSkin()
  return (
    <View className={card} data-testid={testId}>
      {title ? (
        <View className={`${card}__head`}>
          <Text className={`${card}__title`}>{title}</Text>
          {extra}
        </View>
      ) : null}
      {children}
    </View>
  )
}

interface RowProps {
  label: string
  required?: boolean
  testId?: string
  /** the label above the body (chips, text areas) */
  stacked?: boolean
  /** the label at the top of a tall body (a multi-line input) */
  top?: boolean
  onTap?(): void
  /** the key of the field in the form's FieldErrors: its problem shows under the row */
  field?: string
}

// announced when it appears (Taro's Text has no typed `role`)
const ALERT: Record<string, unknown> = { role: 'alert' }

/** The line under a row that says what is wrong with its field (decision 061). */
export function FieldErrorText({ field, text }: { field: string; text: string }) {
  const { row } = useSkin()
  return (
    <Text className={`${row}__error`} id={fieldErrorId(field)} {...ALERT} data-testid={`error-${field}`}>
      {text}
    </Text>
  )
}

/**
 * The problem line of `field` outside the kit's rows (a popup's input, a composer, a page's own rows; decision 081):
 * nothing while the field has no problem. Put `id={fieldRowId(field)}` on the block to scroll to and fieldAria on the
 * input.
 */
export function FieldErrorLine({ field, className = 'fk-error' }: { field: string; className?: string }) {
  const error = useFieldError(field)
  if (!error) return null
  return (
    <Text className={className} id={fieldErrorId(field)} {...ALERT} data-testid={`error-${field}`}>
      {error}
    </Text>
  )
}

export function FieldRow({ label, required, children, testId, stacked, top, onTap, field }: PropsWithChildren<RowProps>) {
  const { row } = useSkin()
  const error = useFieldError(field)
  const modifiers = `${stacked ? ` ${row}--stacked` : ''}${top ? ` ${row}--top` : ''}${error ? ` ${row}--invalid` : ''}`
  return (
    <View className={`${row}${modifiers}`} id={field ? fieldRowId(field) : undefined} data-testid={testId} {...pressable(onTap)}>
      <View className={`${row}__label`}>
        {required ? <Text className={`${row}__req`}>*</Text> : null}
        <Text>{label}</Text>
      </View>
      <View className={`${row}__body`}>{children}</View>
      {field && error ? <FieldErrorText field={field} text={error} /> : null}
    </View>
  )
}

interface InputProps {
  label: string
  value: string
  placeholder: string
  onInput(v: string): void
  onBlur?(v: string): void
  required?: boolean
  type?: 'text' | 'number' | 'digit' | 'idcard'
  password?: boolean
  /** 140 by default (200 when multiline); 0 or less means the default */
  maxlength?: number
  multiline?: boolean
  testId?: string
  /** the key of the field in the form's FieldErrors */
  field?: string
}

export function InputRow({
  label,
  value,
  placeholder,
  onInput,
  onBlur,
  required,
  type,
  password,
  maxlength,
  multiline,
  testId,
  field
}: InputProps) {
  const skin = useSkin()
  const error = useFieldError(field)
  const max = maxlength && maxlength > 0 ? maxlength : multiline ? 200 : 140
  return (
    <FieldRow label={label} required={required} top={multiline} field={field}>
      {multiline ? (
        <Textarea
          {...fieldAria(label, field, error)}
          className={skin.textarea}
          value={value}
          maxlength={max}
          placeholder={placeholder}
          placeholderClass={skin.placeholder}
          autoHeight
          onInput={(e) => onInput(e.detail.value)}
          onBlur={(e) => onBlur?.(e.detail.value)}
          data-testid={testId}
        />
      ) : (
        <Input
          {...fieldAria(label, field, error)}
          className={skin.input}
          value={value}
          type={type || 'text'}
          password={password}
          maxlength={max}
          placeholder={placeholder}
          placeholderClass={skin.placeholder}
          onInput={(e) => onInput(e.detail.value)}
          onBlur={(e) => onBlur?.(e.detail.value)}
          data-testid={testId}
        />
      )}
    </FieldRow>
  )
}

export function ReadRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { read } = useSkin()
  return (
    <FieldRow label={label}>
      <Text className={read} data-testid={testId}>
        {value || '—'}
      </Text>
    </FieldRow>
  )
}

export interface Choice<V extends string | number> {
  value: V
  label: string
  sub?: string
}

/**
 * Chips: one value (radio) or several (multi); the caller decides what a tap does. Each chip's test id is
 * `${testPrefix}-${value}` ('chip-…' by default).
 */
export function Chips<V extends string | number>({
  options,
  selected,
  onPick,
  testId,
  testPrefix = 'chip',
  columns
}: {
  options: Choice<V>[]
  selected: V[]
  onPick(v: V): void
  testId?: string
  testPrefix?: string
  columns?: 2 | 3
}) {
  const theme = useTheme()
  const { chips, chip, chipTint } = useSkin()
  return (
    <View className={`${chips}${columns ? ` ${chips}--${columns}` : ''}`} data-testid={testId}>
      {options.map((o) => {
        const on = selected.includes(o.value)
        return (
          <View
            key={String(o.value)}
            className={`${chip}${on ? ` ${chip}--on` : ''}`}
            style={on ? { borderColor: theme, color: theme, background: `${theme}${chipTint}` } : undefined}
            data-testid={`${testPrefix}-${o.value}`}
            data-selected={on ? '1' : '0'}
            {...pressable(() => onPick(o.value), { role: 'checkbox', checked: on })}
          >
            <Text className={`${chip}__label`}>{o.label}</Text>
            {o.sub ? <Text className={`${chip}__sub`}>{o.sub}</Text> : null}
          </View>
        )
      })}
    </View>
  )
}

/** A labelled row of radio chips. */
export function ChoiceRow({
  label,
  options,
  value,
  onPick,
  testPrefix,
  required,
  field
}: {
  label: string
  options: Choice<number>[]
  value: number | null
  onPick(v: number): void
  testPrefix: string
  required?: boolean
  field?: string
}) {
  return (
    <FieldRow label={label} required={required} field={field}>
      <Chips options={options} selected={value === null ? [] : [value]} onPick={onPick} testPrefix={testPrefix} />
    </FieldRow>
  )
}

export function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  testId
}: {
  label: string
  hint?: string
  checked: boolean
  onChange(v: boolean): void
  testId?: string
}) {
  const theme = useTheme()
  const skin = useSkin()
  return (
    <View className={`${skin.row} ${skin.row}--switch`} data-testid={testId}>
      <View className={`${skin.row}__label ${skin.row}__label--wide`}>
        <Text>{label}</Text>
        {hint ? <Text className={`${skin.row}__hint`}>{hint}</Text> : null}
      </View>
      <Switch {...fieldLabel(label)} className={skin.switch} checked={checked} color={theme} onChange={(e) => onChange(!!e.detail.value)} />
    </View>
  )
}

/** The value, or the placeholder in grey, and a chevron: the body of a row that opens a picker. */
export function ValueText({ value, placeholder }: { value: string; placeholder: string }) {
  const { value: block } = useSkin()
  return (
    <View className={block}>
      <Text className={value ? `${block}__text` : `${block}__ph`}>{value || placeholder}</Text>
      <Text className={`${block}__chevron`}>›</Text>
    </View>
  )
}

/** A row whose value opens a picker: `picker` wraps the value (Taro's Picker), or `onTap` opens a sheet. */
export function ValueRow({
  label,
  required,
  value,
  placeholder,
  onTap,
  testId,
  picker,
  field
}: {
  label: string
  required?: boolean
  value: string
  placeholder: string
  onTap?(): void
  testId?: string
  picker?(children: ReactNode): ReactNode
  field?: string
}) {
  const text = <ValueText value={value} placeholder={placeholder} />
  return (
    <FieldRow label={label} required={required} testId={testId} onTap={onTap} field={field}>
      {picker ? picker(text) : text}
    </FieldRow>
  )
}

/** A note under a card's rows (pick-up hint, closed notice). */
export function Note({ children, testId }: PropsWithChildren<{ testId?: string }>) {
  const { note } = useSkin()
  return (
    <Text className={note} data-testid={testId}>
      {children}
    </Text>
  )
}
