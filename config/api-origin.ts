/**
 * The mini-programs reach the API server through an origin fixed at build time (README "Mini-program builds"): a
 * weapp or alipay build without it would send every request to a relative URL, which a phone cannot reach, so the
 * build stops and names the variable. H5 talks to its own origin and never takes this one: the variable is often
 * exported in a shell or passed to every build by a script (`npm test` builds all three targets with it), and an H5
 * bundle pointing at the mini-programs' public host fails every call with "Failed to fetch" on any other server.
 */
export const API_ORIGIN_VARIABLE = 'TARO_APP_API_ORIGIN'

export function requiredApiOrigin(target: string | undefined, value: string | undefined): string {
  if (target !== 'weapp' && target !== 'alipay') return ''
  const origin = (value || '').trim().replace(/\/+$/, '')
  if (!origin) {
    throw new Error(
      `${API_ORIGIN_VARIABLE} is not set: a ${target} build must know the API server's public HTTPS origin, e.g. ` +
        `${API_ORIGIN_VARIABLE}=https://give.example.edu.cn npm run build:${target} (README "Mini-program builds")`
    )
  }
  if (!/^https?:\/\/[^/\s?#]+$/i.test(origin)) {
    throw new Error(`${API_ORIGIN_VARIABLE} must be an origin like https://give.example.edu.cn (scheme and host, no path): got "${value}"`)
  }
  return origin
}
