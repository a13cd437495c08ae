/**
 * JSON-schema pieces for query strings (coerced, see plugins/envelope.ts) and bodies (strict).
 * Optional numeric query params accept "" as absent (`typeId=` is what many clients send for "all").
 */
export const optInt = (minimum = 1) => ({ type: ['integer', 'null'], minimum }) as const
export const reqInt = (minimum = 1) => ({ type: 'integer', minimum }) as const
export const optString = (maxLength = 200) => ({ type: 'string', maxLength }) as const

export const pageProps = { limit: optInt(1), offset: optInt(0) } as const

/** Query schema: unknown keys (billType, token, cache busters) are allowed, never stripped. */
export function query(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', properties: { lang: optString(16), ...properties }, required } as const
}

export interface PageParams { limit?: number | null; offset?: number | null; lang?: string }
