/** SPEC §4 status chips of certificates and receipts: status 1 green, every other status yellow. */
export type StatusTone = 'green' | 'yellow'

export const statusTone = (status: number): StatusTone => (status === 1 ? 'green' : 'yellow')

/** i18n key of a paper certificate status (1..5), '' for anything else (electronic rows have status 0). */
export const certificateStatusKey = (status: number): string =>
  Number.isInteger(status) && status >= 1 && status <= 5 ? `certificate.status.${status}` : ''
