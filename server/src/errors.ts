/** Errors that the envelope plugin turns into {code, message, data:null} in the request's language. */
import { ResultCode, type FieldRefusal } from '../../types'
import type { MessageKey, MessageParams } from './i18n'

export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly code: number = ResultCode.ERROR,
    /** business errors answer HTTP 200 so every client reads the envelope; protocol errors use 4xx */
    readonly httpStatus = 200,
    readonly params: MessageParams = {},
    /** sent as the envelope's data instead of null (e.g. {errorCode: '0201'}) */
    readonly data: unknown = null
  ) {
    super(key)
    this.name = 'AppError'
  }
}

export const bizError = (key: MessageKey, params: MessageParams = {}) => new AppError(key, ResultCode.ERROR, 200, params)
/** A refusal about one input of the submitted form: `data.field` names it, so the app can show it there (decision 061). */
export const fieldRefusal = (field: string, key: MessageKey, params: MessageParams = {}) =>
  new AppError(key, ResultCode.ERROR, 200, params, { field } satisfies FieldRefusal)
export const tokenInvalid = () => new AppError('tokenInvalid', ResultCode.TOKEN_INVALID, 200)
export const signatureError = (key: MessageKey, data: unknown = null) => new AppError(key, ResultCode.ERROR, 401, {}, data)
