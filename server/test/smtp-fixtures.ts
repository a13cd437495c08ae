/**
 * A real SMTP server on loopback (smtp-server) and a small MIME reader, for tests of messages the server sends
 * (not a test file itself). `refuse` makes it answer 451 at RCPT TO, as a busy server would.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Received {
  to: string[]
  raw: string
}

export async function startSmtp() {
  const received: Received[] = []
  const state = { refuse: false }
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (state.refuse) return cb(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }))
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        cb()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

const unfold = (headers: string) => headers.replace(/\r\n[ \t]+/g, ' ')
export function header(block: string, name: string): string {
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfold(block))
  return m ? m[1].trim() : ''
}
export interface Part {
  headers: string
  body: Buffer
}
export function parts(raw: string): Part[] {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const boundary = /boundary="?([^";]+)"?/i.exec(header(head, 'Content-Type'))?.[1]
  if (boundary)
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((p) => parts(p.replace(/^\r\n/, '')))
  const enc = header(head, 'Content-Transfer-Encoding').toLowerCase()
  const data =
    enc === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : enc === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1'
          )
        : Buffer.from(body, 'utf8')
  return [{ headers: head, body: data }]
}
export const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, e: string, w: string) =>
    e.toUpperCase() === 'B'
      ? Buffer.from(w, 'base64').toString('utf8')
      : Buffer.from(
          w.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1'
        ).toString('utf8')
  )
