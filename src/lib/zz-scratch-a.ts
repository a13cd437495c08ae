import { MineScreen } from '@/features/center'
import { b } from './zz-scratch-b'
export const a = () => [b, MineScreen]
