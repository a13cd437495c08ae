import { ResultCode, type Envelope } from '../../../types'

/** Success envelope. `message` is "success" unless the call has something to tell the user (e.g. review pending). */
export const ok = <T>(data: T, message = 'success'): Envelope<T> => ({ code: ResultCode.OK, message, data })
