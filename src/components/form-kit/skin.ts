/**
 * One form kit, two looks: the apply forms' cards (certificates, receipts: `ck-*`, ./form-kit.scss) and the donation
 * form's sections (`dn-*`, the donate feature's stylesheets). The rows, inputs and chips behave the same; a skin
 * only names the classes, the test-id suffix of the dialling-code picker and its accessible label.
 */
import { createContext, useContext } from 'react'
import type { MessageKey } from '@/lib/i18n'

export interface Skin {
  card: string
  row: string
  input: string
  textarea: string
  placeholder: string
  read: string
  chips: string
  chip: string
  /** alpha (two hex digits) of a chosen chip's theme-coloured background */
  chipTint: string
  note: string
  value: string
  switch: string
  mobile: string
  /** the picker's element in `${mobile}__${code}` and the suffix of its test id */
  code: string
  codeLabel: MessageKey
}

export const SKINS = {
  apply: {
    card: 'ck-card',
    row: 'ck-row',
    input: 'ck-input',
    textarea: 'ck-textarea',
    placeholder: 'ck-ph',
    read: 'ck-read',
    chips: 'ck-chips',
    chip: 'ck-chip',
    chipTint: '10',
    note: 'ck-note',
    value: 'ck-value',
    switch: 'ck-switch',
    mobile: 'ck-mobile',
    code: 'area',
    codeLabel: 'certificate.areaCode'
  },
  donate: {
    card: 'dn-section',
    row: 'dn-row',
    input: 'dn-input',
    textarea: 'dn-textarea',
    placeholder: 'dn-ph',
    read: 'dn-read',
    chips: 'dn-chips',
    chip: 'dn-chip',
    chipTint: '0f',
    note: 'dn-note',
    value: 'dn-value',
    switch: 'dn-switch',
    mobile: 'dn-mobile',
    code: 'code',
    codeLabel: 'donate.field.areaCode'
  }
} satisfies Record<string, Skin>

export type SkinName = keyof typeof SKINS

/** The skin of the rows below; the apply forms' unless a form says otherwise. */
export const FormSkin = createContext<SkinName>('apply')

export const useSkin = (): Skin => SKINS[useContext(FormSkin)]
