/** SPEC §9: dates are shown cut to 10 (day) or 16 (minute) characters of "YYYY-MM-DD HH:mm:ss". */
import dayjs from 'dayjs'

export const cutDay = (s?: string | null): string => (s ? String(s).slice(0, 10) : '')
export const cutMinute = (s?: string | null): string => (s ? String(s).slice(0, 16) : '')
export const formatDate = (d: Date | string, pattern = 'YYYY-MM-DD'): string => dayjs(d).format(pattern)
