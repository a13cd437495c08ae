/**
 * Manual check against a running server, signing like the app:
 *   tsx server/src/cli/signed-get.ts http://127.0.0.1:3999 demo '/uplus-foundation/app/v1/donateu/items/itemsList?limit=2'
 * Reads the school's signKey from /config/{school}/index.json, then sends one signed GET and prints the answer.
 */
import { createCipheriv, randomInt } from 'node:crypto'
import { run } from './common'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

run(async () => {
  const [base, school, apiPath, token] = process.argv.slice(2)
  if (!base || !school || !apiPath) throw new Error('usage: signed-get.ts <base url> <school> <api path with query> [token]')
  const cfg = (await (await fetch(`${base}/config/${school}/index.json`)).json()) as { api: string; signKey: string }
  const nonce = Array.from({ length: 32 }, () => ALNUM[randomInt(ALNUM.length)]).join('')
  const c = createCipheriv('aes-128-cbc', Buffer.from(cfg.signKey, 'utf8'), Buffer.from(nonce.slice(0, 16), 'utf8'))
  const signature = Buffer.concat([c.update(String(Date.now()), 'utf8'), c.final()]).toString('base64')
  const headers: Record<string, string> = { nonce, signature, 'content-type': 'application/json' }
  if (token) headers.authorization = token
  const res = await fetch(`${base}${cfg.api}${apiPath}`, { headers })
  console.log(res.status, await res.text())
})
