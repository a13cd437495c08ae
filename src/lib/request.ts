/**
 * The one request module (docs/product §7, §8): signature + nonce headers, `lang` on GETs, Authorization, the device
 * id, and the result codes: -1 toasts the server's message for 2 s (an order challenge is solved and the call sent
 * once more first, docs/decisions/030; a refusal for want of privacy consent asks for it and sends the call again,
 * docs/decisions/041); -997 and -998 clear the token and re-authorise; permission codes 0201/0101 are
 * handed to the caller; network failures toast the network message. Signatures carry the server's time as this
 * device sees it (clock.ts): every answer corrects it, and a call refused because its timestamp was too far off is
 * sent once more, signed with the corrected time (docs/decisions/040-clock-tolerance.md).
 */
import Taro from '@tarojs/taro'
import { DEVICE_HEADER, PermissionCode, PROOF_HEADER, ResultCode, type Envelope } from '@contract'
import { useSession, t } from '@/store/session'
import { signatureHeaders } from './sign'
import { buildQuery } from './routes'
import { toast as showToast } from './quiet'
import { deviceId } from './device'
import { challengeOf, solveChallenge } from './proof-of-work'
import { dateHeaderOf, learnFromDate, learnFromServerTime, serverNow, serverTimeOf } from './clock'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** '0201' alumni required, '0101' authorisation required, when the server says so */
    readonly permissionCode: string | null = null,
    readonly network = false,
    /** the input of the sent form a -1 refusal concerns (types/envelope.ts FieldRefusal), when the server names one */
    readonly field: string | null = null
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The words of a failed call for the screen ('' when it has none): ApiError carries the server's message. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : '')

export interface RequestOptions {
  path: string
  method?: 'GET' | 'POST' | 'DELETE'
  query?: Record<string, string | number | boolean | undefined | null>
  data?: unknown
  /** send the token (default true; docs/product §6 lists calls sent without) */
  auth?: boolean
  /** no toast on -1 or network errors: the caller shows its own state */
  silent?: boolean
  /** the caller shows a refusal that names a field under that field (decision 061): no toast for those */
  fieldErrors?: boolean
}

/** Hooks the bootstrap installs: how to re-authorise after -997/-998; how to ask for privacy consent (app.ts, decision
 *  041: resolves true once the donor agreed and it was recorded). Kept out to avoid an import cycle. */
export const requestHooks: { reauthorize: () => void; privacyConsent: (version: number) => Promise<boolean> } = {
  reauthorize: () => undefined,
  privacyConsent: async () => false
}

/** The version a form's refusal asks consent to (types/privacy.ts PrivacyConsentRefusal), or null. */
function consentVersionOf(data: unknown): number | null {
  const v = (data as any)?.privacyConsentRequired
  return typeof v === 'number' && v > 0 ? v : null
}

const RETRY_MS = 500
const MAX_WAIT_MS = 30_000

/** docs/product §9: while the API base is unset, retry every 500 ms. */
async function waitForApiBase(): Promise<{ base: string; signKey: string }> {
  const started = Date.now()
  for (;;) {
    const s = useSession.getState()
    if (s.apiBase && s.config) return { base: s.apiBase, signKey: s.config.signKey }
    if (s.boot === 'failed' || Date.now() - started > MAX_WAIT_MS) {
      throw new ApiError(s.bootError || t('net.bootFailed'), ResultCode.ERROR, null, true)
    }
    await new Promise((r) => setTimeout(r, RETRY_MS))
  }
}

const toast = (message: string) => showToast(message, 2000)

/** A refusal of the signature's timestamp as too far off: the server's time (ms) it carries, else null. */
function clockRefusalTime(body: Envelope<unknown>): number | null {
  return body.code === ResultCode.ERROR ? serverTimeOf(body.data) : null
}

/**
 * The call, and once more when the server refused its timestamp: the refusal carries the server's time, the clock is
 * corrected by it and the call signed again (a new nonce, the corrected time). Never a third time.
 */
export async function requestEnvelope<T>(opts: RequestOptions, extraHeaders: Record<string, string> = {}): Promise<Envelope<T>> {
  const body = await sendOnce<T>(opts, extraHeaders)
  return clockRefusalTime(body) === null ? body : sendOnce<T>(opts, extraHeaders)
}

async function sendOnce<T>(opts: RequestOptions, extraHeaders: Record<string, string>): Promise<Envelope<T>> {
  const { base, signKey } = await waitForApiBase()
  const { lang, token } = useSession.getState()
  const method = opts.method || 'GET'
  const query = method === 'GET' ? { ...opts.query, lang } : opts.query
  const header: Record<string, string> = {
    'content-type': 'application/json',
    lang,
    [DEVICE_HEADER]: deviceId(),
    ...signatureHeaders(signKey, serverNow()),
    ...extraHeaders
  }
  if (opts.auth !== false && token) header.Authorization = token
  let res: Taro.request.SuccessCallbackResult<any>
  const sentAt = Date.now()
  try {
    res = await Taro.request({
      url: base + opts.path + buildQuery(query),
      method,
      header,
      data: method === 'GET' ? undefined : (opts.data as any),
      dataType: 'json'
    })
  } catch {
    if (!opts.silent) toast(t('net.error'))
    throw new ApiError(t('net.error'), ResultCode.ERROR, null, true)
  }
  const receivedAt = Date.now()
  learnFromDate(dateHeaderOf(res.header), sentAt, receivedAt)
  const body = res.data as Envelope<T> | undefined
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    if (!opts.silent) toast(t('net.error'))
    throw new ApiError(t('net.error'), ResultCode.ERROR, null, true)
  }
  const serverTime = clockRefusalTime(body)
  if (serverTime !== null) learnFromServerTime(serverTime, sentAt, receivedAt)
  return body
}

function permissionOf(data: unknown): string | null {
  const code = (data as any)?.errorCode
  return code === PermissionCode.ALUMNI_REQUIRED || code === PermissionCode.AUTH_REQUIRED ? code : null
}

/** Resolves with `data` on code 0; otherwise handles the code per docs/product §8 and rejects with ApiError. A refusal
 *  carrying an order challenge is answered once: solved here, the same call sent again with the proof. */
export async function request<T>(opts: RequestOptions): Promise<T> {
  let body = await requestEnvelope<T>(opts)
  const challenge = body.code === ResultCode.ERROR ? challengeOf(body.data) : null
  if (challenge) {
    const proof = await solveChallenge(challenge)
    if (proof) body = await requestEnvelope<T>(opts, { [PROOF_HEADER]: proof })
  }
  // a form that collects personal data before the donor agreed to the privacy policy: ask once, then send it again
  const consent = body.code === ResultCode.ERROR ? consentVersionOf(body.data) : null
  if (consent && (await requestHooks.privacyConsent(consent))) body = await requestEnvelope<T>(opts)
  return settle(body, opts)
}

export interface UploadOptions {
  path: string
  /** a local file path the platform can read: mini-program temp file, H5 blob: URL */
  filePath: string
  /** multipart field name (docs/product §7 file upload: 'file') */
  name?: string
  fileName?: string
  /** text fields sent with the file (the agreement signature's pdfUrl / signAgreementId) */
  formData?: Record<string, string>
  /** 0..100 while the body is sent */
  onProgress?: (percent: number) => void
  silent?: boolean
}

/**
 * Multipart upload (Taro.uploadFile on every target; on H5 it reads the blob: URL and posts FormData) with the
 * same signature headers, token and result-code handling as request(). Taro hands the body back as text.
 */
export async function uploadFile<T>(opts: UploadOptions): Promise<T> {
  const body = await uploadOnce<T>(opts)
  // refused for its timestamp: the clock is corrected, and the file goes once more (docs/decisions/040)
  return settle(clockRefusalTime(body) === null ? body : await uploadOnce<T>(opts), { silent: opts.silent })
}

async function uploadOnce<T>(opts: UploadOptions): Promise<Envelope<T>> {
  const { base, signKey } = await waitForApiBase()
  const { lang, token } = useSession.getState()
  const header: Record<string, string> = { lang, [DEVICE_HEADER]: deviceId(), ...signatureHeaders(signKey, serverNow()) }
  if (token) header.Authorization = token
  let res: { statusCode: number; data: unknown; header?: unknown }
  const sentAt = Date.now()
  try {
    const task: any = Taro.uploadFile({
      url: base + opts.path + buildQuery({ lang }),
      filePath: opts.filePath,
      name: opts.name || 'file',
      fileName: opts.fileName,
      // Alipay's my.uploadFile refuses a call without fileType (its temp paths carry no extension; the server judges
      // the bytes); WeChat and H5 ignore it. Every upload of the app is an image.
      fileType: 'image',
      formData: opts.formData,
      header
    } as any)
    if (opts.onProgress) {
      const listen = (r: { progress: number }) => opts.onProgress!(Math.max(0, Math.min(100, Math.round(r.progress))))
      // mini-programs: UploadTask.onProgressUpdate; Taro H5: the returned promise carries it too (and .progress)
      if (typeof task?.onProgressUpdate === 'function') task.onProgressUpdate(listen)
      else if (typeof task?.progress === 'function') task.progress(listen)
    }
    res = await task
  } catch {
    if (!opts.silent) toast(t('net.error'))
    throw new ApiError(t('net.error'), ResultCode.ERROR, null, true)
  }
  const receivedAt = Date.now()
  // the mini-programs' upload answers carry no headers; H5's may
  learnFromDate(dateHeaderOf(res.header), sentAt, receivedAt)
  let body: Envelope<T> | undefined
  try {
    body = (typeof res.data === 'string' ? JSON.parse(res.data) : res.data) as Envelope<T>
  } catch {
    body = undefined
  }
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    // a refused upload (413 too large, 400) may answer without the envelope
    if (!opts.silent) toast(t('net.error'))
    throw new ApiError(t('net.error'), ResultCode.ERROR, null, true)
  }
  const serverTime = clockRefusalTime(body)
  if (serverTime !== null) learnFromServerTime(serverTime, sentAt, receivedAt)
  return body
}

/** The field a refusal names (FieldRefusal), or null. */
function refusedField(data: unknown): string | null {
  const field = (data as { field?: unknown } | null)?.field
  return typeof field === 'string' && field ? field : null
}

function settle<T>(body: Envelope<T>, opts: { silent?: boolean; fieldErrors?: boolean }): T {
  const permission = permissionOf(body.data)
  if (body.code === ResultCode.OK) {
    if (permission) throw new ApiError(body.message, body.code, permission)
    return body.data
  }
  if (body.code === ResultCode.TOKEN_INVALID) {
    useSession.getState().clearToken()
    requestHooks.reauthorize()
    throw new ApiError(body.message, body.code)
  }
  if (body.code === ResultCode.NOT_REGISTERED) {
    if (permission !== PermissionCode.ALUMNI_REQUIRED) {
      useSession.getState().clearToken()
      requestHooks.reauthorize()
    }
    throw new ApiError(body.message, body.code, permission)
  }
  const field = body.code === ResultCode.ERROR ? refusedField(body.data) : null
  if (!opts.silent && !permission && !(field && opts.fieldErrors)) toast(body.message)
  throw new ApiError(body.message, body.code, permission, false, field)
}

/**
 * The URL and headers of a signed GET that answers a file rather than the JSON envelope (a yearly statement PDF,
 * docs/decisions/050-yearly-statement.md): the same signature, token, language and device id as request(), for the
 * platform's download (platform.media.openSignedDocument).
 */
export async function signedFileRequest(
  path: string,
  query: Record<string, string | number> = {}
): Promise<{ url: string; header: Record<string, string> }> {
  const { base, signKey } = await waitForApiBase()
  const { lang, token } = useSession.getState()
  const header: Record<string, string> = { lang, [DEVICE_HEADER]: deviceId(), ...signatureHeaders(signKey, serverNow()) }
  if (token) header.Authorization = token
  return { url: base + path + buildQuery({ ...query, lang }), header }
}
