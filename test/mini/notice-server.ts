/**
 * The API server as server/src/main.ts starts it, for the compiled subscribe-message test (notice.test.js) only:
 * requests to loopback addresses are allowed (BuildOptions.outbound.allowLoopback, which is never read from the
 * environment) so the server reaches the fake WeChat API the test runs on 127.0.0.1 (FAKE_WECHAT_BASE), and the
 * demo school's mini-program credentials point there, with its template for "gift received" (NOTICE_TEMPLATE_ID:
 * thing1 the project, amount2 the amount; and Alipay's, ALIPAY_NOTICE_TEMPLATE_ID), as an administrator would set them in
 * the console.
 */
import path from 'node:path'
import { buildApp } from '../../server/src/app'
import { saveTemplates } from '../../server/src/domain/notify/templates'
import { createStaff } from '../../server/src/domain/staff/service'

async function main() {
  const wechatBase = process.env.FAKE_WECHAT_BASE ?? ''
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(wechatBase)) throw new Error('FAKE_WECHAT_BASE must be the fake WeChat on 127.0.0.1')
  const app = await buildApp({
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
    logger: { level: 'warn' },
    outbound: { allowLoopback: true }
  })
  const school = await app.db.selectFrom('school').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  const now = new Date()
  await app.db
    .insertInto('oauth_config')
    .values({
      school_id: school.id,
      platform: 'weapp',
      app_id: 'wx-mini-1',
      credentials: JSON.stringify({ secret: 'wx-mini-secret' }),
      api_base: wechatBase,
      enabled: 1,
      updated_at: now.toISOString()
    })
    .execute()
  // the templates are saved as the console saves them: by a member of staff, audited
  const admin = await createStaff(app.db, Number(school.id), { username: 'notice-admin', password: 'Notice-admin-1234', roles: ['admin'] })
  await saveTemplates(
    app.db,
    Number(school.id),
    admin.id,
    [
      {
        channel: 'wechat',
        kind: 'paid',
        templateId: process.env.NOTICE_TEMPLATE_ID ?? 'wx-tmpl-paid',
        fields: { thing1: 'project', amount2: 'amount' }
      },
      {
        channel: 'alipay',
        kind: 'paid',
        templateId: process.env.ALIPAY_NOTICE_TEMPLATE_ID ?? 'ali-tmpl-paid',
        fields: { keyword1: 'project', keyword2: 'amount' }
      }
    ],
    now
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
