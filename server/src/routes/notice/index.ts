/**
 * Notifications (docs/decisions/044-notifications.md, docs/product §2 Personal centre):
 * - noticeRoutes (signed /api scope, token required): the caller's choices, read and saved;
 * - unsubscribeRoutes (outside /api, no sign-in): /unsubscribe?token=… — GET shows a page with one button, POST (the
 *   button, or a mail client's RFC 8058 one-click POST) turns that one kind of e-mail off. A GET never changes
 *   anything, so link scanners that open every link in a mailbox unsubscribe nobody.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Api, NOTICE_KINDS, type Lang } from '../../../../types'
import { recordSubscribe } from '../../domain/notify/grants'
import { getPreferences, savePreferences, setPreference } from '../../domain/notify/preferences'
import { checkUnsubscribe, parseUnsubscribe, unsubscribeKey } from '../../domain/notify/unsubscribe'
import { normaliseLang, t, type MessageKey } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { signedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/notice'

export const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.noticePreferences, { config: signedIn, schema: { response: answers(W.NoticePreferences) } }, async (req) =>
    ok(await getPreferences(app.db, req.school.id, req.session.user_id))
  )
  app.post(
    Api.noticePreferencesSave,
    { config: signedIn, schema: { body: W.NoticePreferencesBody, response: answers(W.NoticePreferences) } },
    async (req) => ok(await savePreferences(app.db, req.school.id, req.session.user_id, req.body, app.identity.now()))
  )
  // what the donor answered in the platform's subscribe dialog (docs/decisions/049-subscribe-messages.md)
  app.post(
    Api.noticeSubscribe,
    { config: signedIn, schema: { body: W.NoticeSubscribeBody, response: answers(W.NoticeSubscribeAnswer) } },
    async (req) => ok(await recordSubscribe(app.db, req.school.id, req.session.user_id, req.body, app.identity.now()))
  )
}

const KIND_LABEL: Record<(typeof NOTICE_KINDS)[number], MessageKey> = {
  paid: 'noticeKindPaid',
  certificate: 'noticeKindCertificate',
  receipt: 'noticeKindReceipt',
  nameplate: 'noticeKindNameplate',
  together: 'noticeKindTogether',
  refund: 'noticeKindRefund',
  statement: 'noticeKindStatement',
  monthly: 'noticeKindMonthly'
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

function page(reply: FastifyReply, status: number, lang: Lang, inner: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', PAGE_CSP)
    .send(
      `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t(lang, 'unsubscribeButton'))}</title></head>` +
        `<body>${inner}</body></html>`
    )
}

export async function unsubscribeRoutes(app: FastifyInstance) {
  // a mail client's one-click POST is form-encoded (RFC 8058 "List-Unsubscribe=One-Click"): the body is not needed
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, null))

  const claimOf = async (req: FastifyRequest) => {
    const token = String((req.query as Record<string, unknown>).token ?? '')
    const c = parseUnsubscribe(token)
    if (!c) return null
    const school = await app.db.selectFrom('school').select('id').where('id', '=', c.schoolId).executeTakeFirst()
    if (!school) return null
    return checkUnsubscribe(await unsubscribeKey(app.db, c.schoolId, app.notify.env), token)
  }
  const langOf = (req: FastifyRequest) => normaliseLang((req.query as Record<string, unknown>).lang ?? req.headers['accept-language'])

  app.get('/unsubscribe', async (req, reply) => {
    const lang = langOf(req)
    const c = await claimOf(req)
    if (!c) return page(reply, 400, lang, `<p>${escapeHtml(t(lang, 'unsubscribeInvalid'))}</p>`)
    const kind = t(lang, KIND_LABEL[c.kind])
    // the form posts back to this same URL (token included): nothing changes until the donor presses the button
    return page(
      reply,
      200,
      lang,
      `<form method="post"><p>${escapeHtml(t(lang, 'unsubscribeAsk', { kind }))}</p>` +
        `<button type="submit">${escapeHtml(t(lang, 'unsubscribeButton'))}</button></form>`
    )
  })

  app.post('/unsubscribe', async (req, reply) => {
    const lang = langOf(req)
    const c = await claimOf(req)
    if (!c) return page(reply, 400, lang, `<p>${escapeHtml(t(lang, 'unsubscribeInvalid'))}</p>`)
    await setPreference(app.db, c.schoolId, c.userId, c.kind, c.channel, false, app.notify.now())
    return page(reply, 200, lang, `<p>${escapeHtml(t(lang, 'unsubscribeDone', { kind: t(lang, KIND_LABEL[c.kind]) }))}</p>`)
  })
}
