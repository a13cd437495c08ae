import { cutDay } from '../../src/lib/dates'
export const s = cutDay
