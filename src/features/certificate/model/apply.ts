/**
 * The paper certificate application (docs/product §5): ways from the config (a single way is preselected); pick-up shows
 * the school's pick-up address, contact and phone read-only; mail asks for address, contact and mobile. Switching
 * to mail clears the fields, switching back to pick-up restores the school's. Pure: the screen holds the state.
 */
import { CertificateWay, type CertificateConfig, type CertificateInsertBody } from '@contract'
import { DEFAULT_AREA, isValidContactMobile, normaliseArea, toAreaMobile } from '@/lib/mobile'
import type { Problem } from '@/lib/validation'

export interface CertApplyState {
  /** certificateWay: 1 pick up at school, 2 mail; null until chosen */
  way: number | null
  address: string
  contact: string
  mobile: string
  /** dialling code without '+' */
  area: string
}

type WayConfig = Pick<CertificateConfig, 'certificateWayPaperList' | 'pickUpAddress' | 'pickUpName' | 'pickUpMobile'>

const KNOWN_WAYS: number[] = [CertificateWay.PICK_UP, CertificateWay.MAIL]

export const certificateWays = (config: WayConfig): number[] => (config.certificateWayPaperList || []).filter((w) => KNOWN_WAYS.includes(w))

const pickupFields = (config: WayConfig) => ({
  address: config.pickUpAddress || '',
  contact: config.pickUpName || '',
  mobile: config.pickUpMobile || '',
  area: DEFAULT_AREA
})

const emptyFields = () => ({ address: '', contact: '', mobile: '', area: DEFAULT_AREA })

export function initialCertApply(config: WayConfig): CertApplyState {
  const ways = certificateWays(config)
  const way = ways.length === 1 ? ways[0] : null
  return { way, ...(way === CertificateWay.PICK_UP ? pickupFields(config) : emptyFields()) }
}

/** Choose a way: pick-up shows (restores) the school's fields, mail starts empty. Choosing the current way is a no-op. */
export function switchWay(state: CertApplyState, way: number, config: WayConfig): CertApplyState {
  if (state.way === way) return state
  return { way, ...(way === CertificateWay.PICK_UP ? pickupFields(config) : emptyFields()) }
}

/** Editable only when mailing: pick-up fields are the school's and read-only. */
export const isEditable = (state: CertApplyState): boolean => state.way === CertificateWay.MAIL

export function validateCertApply(state: CertApplyState, donateIds: number[]): Problem | null {
  if (!donateIds.length) return { key: 'certificate.pick.none' }
  if (state.way !== CertificateWay.PICK_UP && state.way !== CertificateWay.MAIL)
    return { key: 'certificate.wayRequired', field: 'certificateWay' }
  if (state.way === CertificateWay.MAIL) {
    if (!state.address.trim()) return { key: 'certificate.need.address', field: 'postalAddress' }
    if (!state.contact.trim()) return { key: 'certificate.need.contact', field: 'postalContact' }
    if (!state.mobile.trim()) return { key: 'certificate.need.mobile', field: 'postalMobile' }
    if (!isValidContactMobile(state.area, state.mobile)) return { key: 'certificate.mobileInvalid', field: 'postalMobile' }
  }
  return null
}

/** The insert body: pick-up sends the way and the gifts only; mail adds the postal fields. */
export function buildCertInsert(state: CertApplyState, donateIds: number[]): CertificateInsertBody {
  const body: CertificateInsertBody = { certificateWay: state.way as number, donateIds: [...donateIds] }
  if (state.way === CertificateWay.MAIL) {
    body.postalAddress = state.address.trim()
    body.postalContact = state.contact.trim()
    body.postalMobile = toAreaMobile(state.area, state.mobile)
    body.area = normaliseArea(state.area) || DEFAULT_AREA
  }
  return body
}
