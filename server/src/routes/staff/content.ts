/**
 * Content (editor):
 *   GET  /messages?status=pending|visible|hidden&itemsId&limit&offset   donor messages, newest first
 *   POST /messages/:id/approve | /messages/:id/hide | /messages/:id/reply {text}
 *   GET  /articles?categoryId&keyword&limit&offset ; GET /articles/:id
 *   POST /articles {categoryId, title, titleEn?, thumbnailImage?, content?, contentEn?, publishDate?, websiteId?} ;
 *   POST /articles/:id {…}
 *   POST /articles/:id/delete
 *   GET  /article-categories ; POST /article-categories {id?, name, source?, sortNo?}
 *   GET  /texts/missing   the school's texts without English (projects, sub-projects, forms, presets, categories, the
 *                         agreement, articles), each with where the console edits it
 * Article content and replies are sanitised on save (domain/article/staff.ts, domain/message/staff.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  deleteArticle,
  listArticleCategories,
  listStaffArticles,
  saveArticle,
  saveArticleCategory,
  staffArticle
} from '../../domain/article/staff'
import { changeMessage, listStaffMessages } from '../../domain/message/staff'
import { missingTexts } from '../../domain/form/texts'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-console'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffContentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editor = requireRole('editor')

  app.get(
    StaffApi.messages,
    {
      ...editor,
      schema: {
        querystring: W.StaffMessageQuery,
        response: answers(W.StaffMessagePage)
      }
    },
    async (req) => ok(await listStaffMessages(app.db, req.school.id, req.query))
  )

  for (const [action, path] of [
    ['approve', StaffApi.messageApprove],
    ['hide', StaffApi.messageHide]
  ] as const) {
    app.post(path, { ...editor, schema: { params: StaffIdParams, response: answers(W.StaffMessage) } }, async (req) =>
      ok(await changeMessage(app.db, req.school.id, req.staff.id, req.params.id, { action }))
    )
  }

  app.post(
    StaffApi.messageReply,
    { ...editor, schema: { params: StaffIdParams, body: W.StaffMessageReplyBody, response: answers(W.StaffMessage) } },
    async (req) => ok(await changeMessage(app.db, req.school.id, req.staff.id, req.params.id, { action: 'reply', text: req.body.text }))
  )

  app.get(
    StaffApi.articles,
    {
      ...editor,
      schema: {
        querystring: W.StaffArticleQuery,
        response: answers(W.StaffArticlePage)
      }
    },
    async (req) => ok(await listStaffArticles(app.db, req.school.id, req.query))
  )

  app.get(StaffApi.article, { ...editor, schema: { params: StaffIdParams, response: answers(W.StaffArticle) } }, async (req) =>
    ok(await staffArticle(app.db, req.school.id, req.params.id))
  )

  app.post(StaffApi.articles, { ...editor, schema: { body: W.StaffArticleBody, response: answers(W.StaffArticle) } }, async (req) =>
    ok(
      await saveArticle(
        app.db,
        req.school.id,
        req.staff.id,
        null,
        { ...req.body, websiteId: req.body.websiteId ?? undefined },
        app.identity.now(),
        req.lang
      )
    )
  )

  app.post(
    StaffApi.article,
    { ...editor, schema: { params: StaffIdParams, body: W.StaffArticleBody, response: answers(W.StaffArticle) } },
    async (req) =>
      ok(
        await saveArticle(
          app.db,
          req.school.id,
          req.staff.id,
          req.params.id,
          { ...req.body, websiteId: req.body.websiteId ?? undefined },
          app.identity.now(),
          req.lang
        )
      )
  )

  app.post(StaffApi.articleDelete, { ...editor, schema: { params: StaffIdParams, response: answers(W.Done) } }, async (req) => {
    await deleteArticle(app.db, req.school.id, req.staff.id, req.params.id)
    return ok({ done: true })
  })

  app.get(StaffApi.articleCategories, { ...editor, schema: { response: answers(W.StaffArticleCategoryPage) } }, async (req) =>
    ok(await listArticleCategories(app.db, req.school.id))
  )

  // What an English-speaking donor still sees in Chinese, so editors know what to translate.
  app.get(StaffApi.missingTexts, { ...editor, schema: { response: answers(W.MissingTextPage) } }, async (req) => {
    const rows = await missingTexts(app.db, req.school.id, 'en')
    return ok({ total: rows.length, rows })
  })

  app.post(
    StaffApi.articleCategories,
    {
      ...editor,
      schema: {
        body: W.StaffArticleCategoryBody,
        response: answers(W.StaffArticleCategory)
      }
    },
    async (req) => ok(await saveArticleCategory(app.db, req.school.id, req.staff.id, req.body))
  )
}
