/** docs/product §4 paper certificate statuses (the chip's colour is components/status-chip's). */
import { messageKey, type MessageKey } from '@/lib/i18n'

/** i18n key of a paper certificate status (1..5), '' for anything else (electronic rows have status 0). */
export const certificateStatusKey = (status: number): MessageKey | '' =>
  (Number.isInteger(status) && status >= 1 && status <= 5 && messageKey(`certificate.status.${status}`)) || ''
