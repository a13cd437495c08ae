/** Beijing calendar days of monthly giving (docs/decisions/071-monthly-giving.md): plain YYYY-MM-DD text, no clock. */

const pad = (n: number) => String(n).padStart(2, '0')

/** YYYY-MM of the month after `month`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number)
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`
}

/** The charge day of `month` (day 1-28: every month has it). */
export const chargeDay = (month: string, day: number): string => `${month}-${pad(day)}`

/** The first charge after signing on `today`: this month's day if it is still ahead, else next month's. */
export function firstChargeOn(today: string, day: number): string {
  const month = today.slice(0, 7)
  const thisMonth = chargeDay(month, day)
  return thisMonth > today ? thisMonth : chargeDay(nextMonth(month), day)
}

/** `day` plus n calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

export const isDay = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && addDays(s, 0) === s
