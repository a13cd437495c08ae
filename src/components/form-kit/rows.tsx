/**
 * Form pieces of the apply flows (certificates and receipts): a card section, a labelled row, a text input row,
 * a read-only row and a row of choice chips. Theme colour from the school config.
 */
import type { PropsWithChildren, ReactNode } from 'react'
import { Input, Text, Textarea, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import './form-kit.scss'

export function Card({ title, extra, children, testId }: PropsWithChildren<{ title?: string; extra?: ReactNode; testId?: string }>) {
  return (
    <View className='ck-card' data-testid={testId}>
      {title ? (
        <View className='ck-card__head'>
          <Text className='ck-card__title'>{title}</Text>
          {extra}
        </View>
      ) : null}
      {children}
    </View>
  )
}

export function FieldRow({ label, required, children, top }: PropsWithChildren<{ label: string; required?: boolean; top?: boolean }>) {
  return (
    <View className={`ck-row ${top ? 'ck-row--top' : ''}`}>
      <View className='ck-row__label'>
        {required ? <Text className='ck-row__req'>*</Text> : null}
        <Text>{label}</Text>
      </View>
      <View className='ck-row__body'>{children}</View>
    </View>
  )
}

interface InputProps {
  label: string
  value: string
  placeholder: string
  onInput(v: string): void
  required?: boolean
  type?: 'text' | 'number' | 'idcard'
  maxlength?: number
  multiline?: boolean
  testId: string
}

export function InputRow({ label, value, placeholder, onInput, required, type, maxlength, multiline, testId }: InputProps) {
  return (
    <FieldRow label={label} required={required} top={multiline}>
      {multiline ? (
        <Textarea
          className='ck-textarea'
          value={value}
          maxlength={maxlength || 200}
          placeholder={placeholder}
          placeholderClass='ck-ph'
          autoHeight
          onInput={(e) => onInput(e.detail.value)}
          data-testid={testId}
        />
      ) : (
        <Input
          className='ck-input'
          value={value}
          type={type || 'text'}
          maxlength={maxlength || 140}
          placeholder={placeholder}
          placeholderClass='ck-ph'
          onInput={(e) => onInput(e.detail.value)}
          data-testid={testId}
        />
      )}
    </FieldRow>
  )
}

export function ReadRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <FieldRow label={label}>
      <Text className='ck-read' data-testid={testId}>
        {value || '—'}
      </Text>
    </FieldRow>
  )
}

export interface ChoiceOption {
  value: number
  label: string
}

/** Radio chips; each chip's test id is `${testPrefix}-${value}`. */
export function ChoiceRow({ label, options, value, onPick, testPrefix, required }: {
  label: string
  options: ChoiceOption[]
  value: number | null
  onPick(v: number): void
  testPrefix: string
  required?: boolean
}) {
  const theme = useTheme()
  return (
    <FieldRow label={label} required={required}>
      <View className='ck-chips'>
        {options.map((o) => {
          const on = o.value === value
          return (
            <View
              key={o.value}
              className={`ck-chip ${on ? 'ck-chip--on' : ''}`}
              style={on ? { borderColor: theme, color: theme, background: `${theme}10` } : undefined}
              data-testid={`${testPrefix}-${o.value}`}
              data-selected={on ? '1' : '0'}
              onClick={() => onPick(o.value)}
            >
              {o.label}
            </View>
          )
        })}
      </View>
    </FieldRow>
  )
}

/** A note under a card's rows (pick-up hint, closed notice). */
export function Note({ children, testId }: PropsWithChildren<{ testId?: string }>) {
  return (
    <Text className='ck-note' data-testid={testId}>
      {children}
    </Text>
  )
}
