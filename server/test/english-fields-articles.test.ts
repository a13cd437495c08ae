/**
 * English for articles and naming campaigns (docs/decisions/086-english-for-campaigns-and-articles.md): staff write
 * an article's English title and body (the body cleaned exactly like the Chinese one), the donor reads them in
 * English and the Chinese in Chinese, and "Missing English" lists an article or a campaign's project without English
 * and drops it once filled. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { invalidateSchoolCache } from '../src/domain/school/cache'
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, type Article, type Page } from '../../types'
import type { StaffArticle, StaffArticleCategoryPage } from '../../types/schema/staff-console'
import type { StaffCampaignSettings } from '../../types/schema/staff-agreement'
import { ensureDefaultAwards } from '../src/domain/award/service'
import { missingTexts } from '../src/domain/form/texts'
import { call, startApp, type TestContext } from './helpers'
import { schoolIdOf } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const EN = { lang: 'en' }
const CJK = /[\u3400-\u9fff]/

describe('English for articles and campaigns', () => {
  it('every seeded article answers its English title and page in English and its Chinese by default', async () => {
    for (const school of ['demo', 'hhu', 'cpu', 'fzu']) {
      const en = (await call<Page<Article>>(ctx.app, school, Api.articleList, { query: { limit: 50 }, headers: EN })).body.data
      const zh = (await call<Page<Article>>(ctx.app, school, Api.articleList, { query: { limit: 50 } })).body.data
      assert.ok(en.rows.length >= 7, `${school}: the index articles are listed`)
      for (const [i, a] of en.rows.entries()) {
        assert.ok(!CJK.test(a.title), `${school}: "${a.title}" is English`)
        assert.equal(a.articleTitle, a.title)
        assert.ok(CJK.test(zh.rows[i].title), `${school}: "${zh.rows[i].title}" is Chinese by default`)
      }
      const one = (await call<Article>(ctx.app, school, Api.articleDetail, { query: { id: en.rows[0].id }, headers: EN })).body.data
      assert.ok(!CJK.test(one.content!.replace(/<[^>]*>/g, '')), `${school}: the English page has no Chinese words`)
      const web = (await call<Page<Article>>(ctx.app, school, Api.webArticleList, { query: { websiteId: 1 }, headers: EN })).body.data
      assert.ok(web.rows.length > 0 && web.rows.every((a) => !CJK.test(a.title)), `${school}: the website's news in English`)
      const webOne = (await call<Article>(ctx.app, school, Api.webArticleDetail, { query: { articleId: web.rows[0].id }, headers: EN }))
        .body.data
      assert.equal(webOne.title, web.rows[0].title)
    }
  })

  it('staff write an article in Chinese, it is listed as missing English; its English (cleaned) is read in English, then dropped from the list', async () => {
    const sid = await schoolIdOf(ctx.app, 'demo')
    const editor = await staffToken(ctx.app, 'demo', ['editor'])
    const cats = (await staffCall<StaffArticleCategoryPage>(ctx.app, 'demo', 'GET', '/article-categories', { token: editor })).body.data
    const categoryId = cats.rows.find((c) => c.source === 'index')!.id
    const created = await staffCall<StaffArticle>(ctx.app, 'demo', 'POST', '/articles', {
      token: editor,
      body: { categoryId, title: '新图书馆落成', content: '<p>新图书馆今日落成。</p>' }
    })
    assert.equal(created.body.code, 0, created.body.message)
    const id = created.body.data.id
    assert.equal(created.body.data.titleEn, '')
    assert.equal(created.body.data.contentEn, '')

    // listed: its title and its body, each opening the article's editor
    const listed = (await staffCall(ctx.app, 'demo', 'GET', '/texts/missing', { token: editor })).body.data
    const mine = listed.rows.filter((r: { table: string; id: number }) => r.table === 'article' && r.id === id)
    assert.deepEqual(
      mine.map((r: { key: string; zh: string }) => `${r.key}:${r.zh}`),
      ['title:新图书馆落成', 'content:新图书馆今日落成。']
    )
    assert.equal(listed.total, listed.rows.length)
    // without English the English reader gets the Chinese
    const fallback = (await call<Article>(ctx.app, 'demo', Api.articleDetail, { query: { id }, headers: EN })).body.data
    assert.equal(fallback.title, '新图书馆落成')
    assert.equal(fallback.content, '<p>新图书馆今日落成。</p>')

    // the English title alone: the title leaves the list, the body stays
    const titled = await staffCall<StaffArticle>(ctx.app, 'demo', 'POST', `/articles/${id}`, {
      token: editor,
      body: { categoryId, title: '新图书馆落成', titleEn: '  The new library opens  ' }
    })
    assert.equal(titled.body.code, 0, titled.body.message)
    assert.equal(titled.body.data.titleEn, 'The new library opens')
    let rows = (await missingTexts(ctx.app.db, sid, 'en')).filter((r) => r.table === 'article' && r.id === id)
    assert.deepEqual(
      rows.map((r) => r.key),
      ['content']
    )
    const half = (await call<Article>(ctx.app, 'demo', Api.articleDetail, { query: { id }, headers: EN })).body.data
    assert.equal(half.title, 'The new library opens')
    assert.equal(half.content, '<p>新图书馆今日落成。</p>', 'each text falls back on its own')

    // the English body is cleaned exactly as the Chinese body is
    const hostile = '<p onclick="steal()">The new library opens today.</p><script>alert(1)</script><img src="/files/a.png" onerror="x()">'
    const saved = await staffCall<StaffArticle>(ctx.app, 'demo', 'POST', `/articles/${id}`, {
      token: editor,
      body: { categoryId, title: '新图书馆落成', contentEn: hostile }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    assert.equal(saved.body.data.titleEn, 'The new library opens', 'a text not sent is kept')
    const zhSame = await staffCall<StaffArticle>(ctx.app, 'demo', 'POST', `/articles/${id}`, {
      token: editor,
      body: { categoryId, title: '新图书馆落成', content: hostile }
    })
    assert.equal(saved.body.data.contentEn, zhSame.body.data.content, 'the same cleaning as the Chinese body')
    assert.ok(!/script|onclick|onerror/i.test(saved.body.data.contentEn), saved.body.data.contentEn)
    assert.match(saved.body.data.contentEn, /The new library opens today\./)
    await staffCall(ctx.app, 'demo', 'POST', `/articles/${id}`, {
      token: editor,
      body: { categoryId, title: '新图书馆落成', content: '<p>新图书馆今日落成。</p>' }
    })

    const en = (await call<Article>(ctx.app, 'demo', Api.articleDetail, { query: { id }, headers: EN })).body.data
    assert.equal(en.title, 'The new library opens')
    assert.equal(en.articleTitle, 'The new library opens')
    assert.equal(en.content, saved.body.data.contentEn)
    const zh = (await call<Article>(ctx.app, 'demo', Api.articleDetail, { query: { id } })).body.data
    assert.equal(zh.title, '新图书馆落成')
    assert.equal(zh.content, '<p>新图书馆今日落成。</p>')
    const list = (await call<Page<Article>>(ctx.app, 'demo', Api.articleList, { query: { categoryId }, headers: EN })).body.data
    assert.equal(list.rows.find((a) => a.id === id)!.title, 'The new library opens')
    rows = (await missingTexts(ctx.app.db, sid, 'en')).filter((r) => r.table === 'article')
    assert.deepEqual(rows, [], 'filled: no article is listed')
    assert.deepEqual((await staffCall(ctx.app, 'demo', 'GET', '/texts/missing', { token: editor })).body.data, { total: 0, rows: [] })

    // audited like the Chinese: the change's before and after hold the English
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('school_id', '=', sid)
      .where('entity', '=', 'article')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
    const titledRow = audit.find((a) => JSON.parse(a.after_json).titleEn === 'The new library opens' && !JSON.parse(a.before_json)?.titleEn)
    assert.ok(titledRow && titledRow.action === 'article.update', 'the English title is in the audit row')

    // an emptied English (an editor left with "<p></p>", a blank title) is none again: listed, the Chinese read
    const emptied = await staffCall<StaffArticle>(ctx.app, 'demo', 'POST', `/articles/${id}`, {
      token: editor,
      body: { categoryId, title: '新图书馆落成', titleEn: ' ', contentEn: '<p></p>' }
    })
    assert.equal(emptied.body.data.titleEn, '')
    assert.equal(emptied.body.data.contentEn, '')
    assert.deepEqual(
      (await missingTexts(ctx.app.db, sid, 'en')).filter((r) => r.table === 'article').map((r) => `${r.id}:${r.key}`),
      [`${id}:title`, `${id}:content`]
    )
    assert.equal((await call<Article>(ctx.app, 'demo', Api.articleDetail, { query: { id }, headers: EN })).body.data.title, '新图书馆落成')
    await staffCall(ctx.app, 'demo', 'POST', `/articles/${id}/delete`, { token: editor })
    assert.deepEqual(await missingTexts(ctx.app.db, sid, 'en'), [])
  })

  it('an English text over its limit is refused naming the field, in Chinese by default and in English', async () => {
    const editor = await staffToken(ctx.app, 'demo', ['editor'])
    const cats = (await staffCall<StaffArticleCategoryPage>(ctx.app, 'demo', 'GET', '/article-categories', { token: editor })).body.data
    const body = { categoryId: cats.rows[0].id, title: '标题', titleEn: 'x'.repeat(201) }
    const zh = await staffCall(ctx.app, 'demo', 'POST', '/articles', { token: editor, body })
    assert.equal(zh.body.code, -1)
    assert.match(zh.body.message, /英文标题/)
    assert.match(zh.body.message, /200/)
    const en = await staffCall(ctx.app, 'demo', 'POST', '/articles', { token: editor, body, lang: 'en' })
    assert.equal(en.body.code, -1)
    assert.match(en.body.message, /Title in English/)
    assert.ok(!CJK.test(en.body.message), en.body.message)
    const fine = await staffCall<StaffArticle>(ctx.app, 'demo', 'POST', '/articles', {
      token: editor,
      body: { ...body, titleEn: 'x'.repeat(200), contentEn: '<p>Body</p>' }
    })
    assert.equal(fine.body.code, 0, fine.body.message)
    await staffCall(ctx.app, 'demo', 'POST', `/articles/${fine.body.data.id}/delete`, { token: editor })
  })

  it("a naming campaign without English is listed under its project, opens the project's editor, and drops once filled", async () => {
    const sid = await schoolIdOf(ctx.app, 'hhu')
    const admin = await staffToken(ctx.app, 'hhu', ['admin', 'editor'])
    const settings = (await staffCall<StaffCampaignSettings>(ctx.app, 'hhu', 'GET', '/campaigns', { token: admin })).body.data
    const running = settings.campaigns.find((c) => c.itemId !== null)!
    const project = settings.projects.find((p) => p.id === running.itemId)!
    assert.ok(project.nameEn && !CJK.test(project.nameEn), `the seeded campaign ${running.key} has its English name`)
    const stored = await ctx.app.db.selectFrom('project').select('texts').where('id', '=', project.id).executeTakeFirstOrThrow()
    await ctx.app.db.updateTable('project').set({ texts: '{}' }).where('id', '=', project.id).execute()
    invalidateSchoolCache()
    try {
      const listed = (await staffCall(ctx.app, 'hhu', 'GET', '/texts/missing', { token: admin })).body.data.rows as Array<{
        table: string
        id: number
        key: string
        projectId?: number
      }>
      const rows = listed.filter((r) => r.table === 'project' && r.id === project.id)
      assert.ok(
        rows.some((r) => r.key === 'name'),
        'the campaign name is listed'
      )
      assert.ok(
        rows.every((r) => r.projectId === project.id),
        "each row opens the campaign project's editor"
      )
      const again = (await staffCall<StaffCampaignSettings>(ctx.app, 'hhu', 'GET', '/campaigns', { token: admin })).body.data
      assert.equal(again.projects.find((p) => p.id === project.id)!.nameEn, '', 'the campaign page shows it has no English')
      // filled through the project editor's English fields
      const put = await staffCall(ctx.app, 'hhu', 'POST', `/projects/${project.id}`, {
        token: admin,
        body: JSON.parse(stored.texts).en
          ? {
              nameEn: JSON.parse(stored.texts).en.name,
              introEn: JSON.parse(stored.texts).en.intro ?? '',
              contentEn: JSON.parse(stored.texts).en.content ?? ''
            }
          : {}
      })
      assert.equal(put.body.code, 0, put.body.message)
      const left = (await missingTexts(ctx.app.db, sid, 'en')).filter((r) => r.table === 'project' && r.id === project.id)
      assert.deepEqual(
        left.map((r) => r.key),
        [],
        'filled: the campaign is no longer listed'
      )
    } finally {
      await ctx.app.db.updateTable('project').set({ texts: stored.texts }).where('id', '=', project.id).execute()
      invalidateSchoolCache()
    }
  })

  it("a giving day's title and a badge's name without English are listed, and dropped once filled", async () => {
    const sid = await schoolIdOf(ctx.app, 'cpu')
    const now = new Date().toISOString()
    const day = await ctx.app.db
      .insertInto('giving_day')
      .values({ school_id: sid, title: '校庆捐赠日', title_en: '', starts_at: now, ends_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await ensureDefaultAwards(ctx.app.db, sid)
    const award = await ctx.app.db
      .selectFrom('award')
      .select(['id', 'name_en'])
      .where('school_id', '=', sid)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await ctx.app.db.updateTable('award').set({ name_en: '' }).where('id', '=', award.id).execute()
    try {
      const rows = (await missingTexts(ctx.app.db, sid, 'en')).map((r) => `${r.table}:${r.id}:${r.key}`)
      assert.ok(rows.includes(`giving_day:${Number(day.id)}:title`), rows.join(' '))
      assert.ok(rows.includes(`award:${award.id}:name`), rows.join(' '))
      await ctx.app.db.updateTable('giving_day').set({ title_en: 'Anniversary Giving Day' }).where('id', '=', day.id).execute()
      await ctx.app.db.updateTable('award').set({ name_en: award.name_en }).where('id', '=', award.id).execute()
      assert.deepEqual(await missingTexts(ctx.app.db, sid, 'en'), [])
    } finally {
      await ctx.app.db.deleteFrom('giving_day').where('id', '=', day.id).execute()
      await ctx.app.db.updateTable('award').set({ name_en: award.name_en }).where('id', '=', award.id).execute()
    }
  })

  it('a sub-project and a form missing English open the editor of the project that holds them', async () => {
    const sid = await schoolIdOf(ctx.app, 'hhu')
    const sub = await ctx.app.db
      .selectFrom('sub_project')
      .select(['id', 'items_id', 'texts'])
      .where('school_id', '=', sid)
      .executeTakeFirstOrThrow()
    await ctx.app.db.updateTable('sub_project').set({ texts: '{}' }).where('id', '=', sub.id).execute()
    invalidateSchoolCache()
    try {
      const row = (await missingTexts(ctx.app.db, sid, 'en')).find((r) => r.table === 'sub_project' && r.id === sub.id && r.key === 'name')
      assert.ok(row, 'the sub-project name is listed')
      assert.equal(row.projectId, Number(sub.items_id))
    } finally {
      await ctx.app.db.updateTable('sub_project').set({ texts: sub.texts }).where('id', '=', sub.id).execute()
      invalidateSchoolCache()
    }
    const user = await ctx.app.db
      .selectFrom('project')
      .select(['id', 'form_id', 'school_id'])
      .where('form_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const form = await ctx.app.db.selectFrom('donation_form').select(['texts']).where('id', '=', user.form_id!).executeTakeFirstOrThrow()
    await ctx.app.db.updateTable('donation_form').set({ texts: '{}' }).where('id', '=', user.form_id!).execute()
    try {
      const rows = (await missingTexts(ctx.app.db, Number(user.school_id), 'en')).filter(
        (r) => r.table === 'donation_form' && r.id === Number(user.form_id)
      )
      assert.ok(rows.length > 0, 'the form texts are listed')
      assert.ok(
        rows.every((r) => r.projectId === Number(user.id)),
        'each opens the first project using the form'
      )
    } finally {
      await ctx.app.db.updateTable('donation_form').set({ texts: form.texts }).where('id', '=', user.form_id!).execute()
    }
  })
})
