import { Type, type TSchema } from 'typebox'
import { ResultCode, type Envelope as WireEnvelope } from '../../../types'

/** Success envelope. `message` is "success" unless the call has something to tell the user (e.g. review pending). */
export const ok = <T>(data: T, message = 'success'): WireEnvelope<T> => ({ code: ResultCode.OK, message, data })

/**
 * The schema of a success answer {code, message, data}. Only code 0 answers are written with it: refusals
 * (code -1, -997, -998, thrown as AppError) are written as they are, whatever data they carry (plugins/envelope.ts).
 */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.Number(), message: Type.String(), data })

/** `schema.response` of an envelope route: the 200 answer's `data` (a schema of types/schema/). */
export const answers = <T extends TSchema>(data: T) => ({ 200: Envelope(data) })
