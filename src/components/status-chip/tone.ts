/** docs/product §4 status chips of certificates and receipts: status 1 green, every other status yellow. */
export type StatusTone = 'green' | 'yellow'

export const statusTone = (status: number): StatusTone => (status === 1 ? 'green' : 'yellow')
