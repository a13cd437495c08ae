/**
 * E-mail over SMTP (docs/decisions/044-notifications.md, server/README.md "Notifications"). SMTP_URL names the
 * server (`smtp://user:pass@host:587`: STARTTLS is used whenever the server offers it; `smtps://…:465` is TLS from the
 * first byte); MAIL_FROM the sender, which a school's own `mail_from` replaces. The URL holds the password: it is
 * never logged, and errors are stripped of it before they are stored (notification.last_error, job.last_error).
 */
import nodemailer, { type Transporter } from 'nodemailer'

export interface MailSettings {
  /** '' = no e-mail: messages that only e-mail could carry are 'skipped' */
  smtpUrl: string
  mailFrom: string
}

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailSettings {
  return { smtpUrl: (env.SMTP_URL ?? '').trim(), mailFrom: (env.MAIL_FROM ?? '').trim() }
}

export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

export interface Mailer {
  readonly configured: boolean
  send(m: OutgoingMail): Promise<void>
  close(): void
}

/** the parts of an SMTP URL that are secret, to blank out of any error text */
export function secretsOf(url: string): string[] {
  try {
    const u = new URL(url)
    return [u.password, decodeURIComponent(u.password), u.username && `${u.username}:${u.password}`].filter((s) => s && s.length >= 3)
  } catch {
    return url ? [url] : []
  }
}

export function scrub(message: string, secrets: string[]): string {
  let out = message
  for (const s of secrets) out = out.split(s).join('***')
  return out.slice(0, 500)
}

export function createMailer(settings: MailSettings): Mailer {
  if (!settings.smtpUrl) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('SMTP_URL is not set')),
      close: () => undefined
    }
  }
  let transport: Transporter | null = null
  const secrets = secretsOf(settings.smtpUrl)
  const get = () =>
    (transport ??= nodemailer.createTransport(settings.smtpUrl, {
      // a stalled server holds the job, not a request; still, give up in bounded time and retry later
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      logger: false,
      debug: false
    }))
  return {
    configured: true,
    async send(m) {
      try {
        await get().sendMail({ ...m, attachments: m.attachments?.map((a) => ({ ...a })) })
      } catch (err) {
        throw new Error(scrub(err instanceof Error ? err.message : String(err), secrets))
      }
    },
    close: () => transport?.close()
  }
}
