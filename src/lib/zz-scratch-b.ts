import { a } from './zz-scratch-a'
export const b = () => a
