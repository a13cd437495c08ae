/**
 * The mini-programs reach the API server through an origin fixed at build time (README "Mini-program builds"): a
 * weapp or alipay build without it would send every request to a relative URL, which a phone cannot reach, so the
 * build stops and names the variable. H5 talks to its own origin and never takes this one: the variable is often
 * exported in a shell or passed to every build by a script (`npm test` builds all three targets with it), and an H5
 * bundle pointing at the mini-programs' public host fails every call with "Failed to fetch" on any other server.
 * The platforms call only https:// domains registered in their consoles, so a mini build refuses http:// (decision
 * 045), except for this machine's loopback address: the developer tools reach a local `npm start` that way with
 * domain checks off, and no phone can reach it, so it can never ship as a working build.
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
  const parsed = /^(https?):\/\/([^/\s?#]+)$/i.exec(origin)
  if (!parsed) {
    throw new Error(`${API_ORIGIN_VARIABLE} must be an origin like https://give.example.edu.cn (scheme and host, no path): got "${value}"`)
  }
  if (parsed[1].toLowerCase() !== 'https' && !isLoopback(parsed[2])) {
    throw new Error(
      `${API_ORIGIN_VARIABLE} must be https:// for a ${target} build: WeChat and Alipay refuse any other request domain ` +
        `(decision 045), got "${value}". Plain http:// is taken only for this machine (localhost, 127.0.0.1, [::1]) in the ` +
        `developer tools with domain checks off.`
    )
  }
  return origin
}

/** localhost, 127.x.x.x or [::1], with or without a port */
function isLoopback(host: string): boolean {
  const name = host.replace(/:\d+$/, '').toLowerCase()
  return name === 'localhost' || name === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(name)
}
