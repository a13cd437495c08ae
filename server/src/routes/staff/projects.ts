/**
 * The project editor of the staff API, registered inside routes/staff's signed-in scope (tenant, CORS
 * policy, `req.staff`). Every route needs the `editor` role (admin passes); every change writes its audit row in
 * its own transaction (domain/project/, domain/form/project-form.ts). Requests and answers are the contract's,
 * types/schema/staff-projects.ts (docs/decisions/057-server-by-domain.md). Money in requests: yuan strings; answers: yuan and fen.
 *   POST /uploads                                   multipart `file`: JPEG, PNG or WebP by content, at most 5 MB -> {url}
 *   GET  /projects?keyword&status&typeId&limit&offset         {total, rows}
 *   GET  /projects/:id        POST /projects        POST /projects/:id (only the keys sent change)
 *   POST /projects/:id/status {status: open|paused|complete, noReason?}
 *   GET  /projects/:id/form   POST /projects/:id/form {fields}   the donation form's fields (formDetail's shape)
 *   GET  /projects/:id/progress    POST /projects/:id/progress {progressDate, content, attachments?}
 *   POST /projects/:id/progress/:pid/delete
 *   GET  /projects/:id/publicity   POST /projects/:id/publicity {useDate, useTitle, useMoney}
 *   POST /projects/:id/publicity/:pid/delete
 *   GET  /categories  POST /categories {name, nameEn?, sortNo?}    GET /labels  POST /labels {labelTitle, sortNo?}
 *   GET  /projects/:id/preview                      the donor API's itemsDetail answer for it
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { STAFF_IMAGE_MAX_BYTES, saveStaffImage } from '../../domain/project/images'
import {
  createProject,
  listStaffProjects,
  previewProject,
  setProjectStatus,
  staffProject,
  updateProject,
  type StaffActor
} from '../../domain/project/editor'
import { createCategory, createLabel, listCategories, listLabels } from '../../domain/project/categories'
import { addProgress, addPublicity, deleteProgress, deletePublicity, listProgress, listPublicity } from '../../domain/project/activity-edit'
import { projectForm, saveProjectForm } from '../../domain/form/project-form'
import { answers, ok } from '../../lib/envelope'
import { StaffIdParams, StaffPageQuery, StaffPidParams } from '../../../../types/schema/staff-common'
import { readSingleFile } from '../upload'
import * as W from '../wire/entities'
import * as S from '../../../../types/schema/staff-projects'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

const editor = requireRole('editor')

const actor = (req: FastifyRequest): StaffActor => ({ schoolId: req.school.id, staffId: req.staff.id, lang: req.lang })

export const staffProjectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.identity.now()
  const storage = () => app.identity.storage

  app.post(StaffApi.uploads, { ...editor, schema: { response: answers(S.StaffUpload) } }, async (req) => {
    const data = await readSingleFile(req, STAFF_IMAGE_MAX_BYTES)
    const url = await saveStaffImage(app.db, storage(), {
      schoolId: req.school.id,
      schoolCode: req.school.code,
      staffId: req.staff.id,
      data,
      minFreeBytes: app.uploads.policy.minFreeBytes,
      now: now()
    })
    return ok({ url })
  })

  // ---------------------------------------------------------------- projects

  app.get(
    StaffApi.projects,
    {
      ...editor,
      schema: {
        querystring: S.ProjectListQuery,
        response: answers(S.StaffProjectPage)
      }
    },
    async (req) => ok(await listStaffProjects(app.db, req.school.id, req.query))
  )

  app.get(StaffApi.project, { ...editor, schema: { params: StaffIdParams, response: answers(S.StaffProjectDetail) } }, async (req) =>
    ok(await staffProject(app.db, req.school.id, req.params.id))
  )

  app.post(StaffApi.projects, { ...editor, schema: { body: S.ProjectBody, response: answers(S.StaffProjectDetail) } }, async (req) =>
    ok(await createProject(app.db, storage(), actor(req), req.body, now()))
  )

  app.post(
    StaffApi.project,
    { ...editor, schema: { params: StaffIdParams, body: S.ProjectBody, response: answers(S.StaffProjectDetail) } },
    async (req) => ok(await updateProject(app.db, storage(), actor(req), req.params.id, req.body))
  )

  app.post(
    StaffApi.projectStatus,
    {
      ...editor,
      schema: {
        params: StaffIdParams,
        body: S.ProjectStatusBody,
        response: answers(S.StaffProjectDetail)
      }
    },
    async (req) => ok(await setProjectStatus(app.db, actor(req), req.params.id, req.body.status, req.body.noReason))
  )

  app.get(StaffApi.projectPreview, { ...editor, schema: { params: StaffIdParams, response: answers(W.Project) } }, async (req) =>
    ok(await previewProject(app.db, req.school.id, req.params.id, req.lang))
  )

  // ---------------------------------------------------------------- form builder

  app.get(StaffApi.projectForm, { ...editor, schema: { params: StaffIdParams, response: answers(S.StaffProjectForm) } }, async (req) =>
    ok(await projectForm(app.db, req.school.id, req.params.id))
  )

  app.post(
    StaffApi.projectForm,
    { ...editor, schema: { params: StaffIdParams, body: S.ProjectFormBody, response: answers(S.StaffProjectForm) } },
    async (req) => ok(await saveProjectForm(app.db, actor(req), req.params.id, req.body.fields, now()))
  )

  // ---------------------------------------------------------------- progress and publicity

  app.get(
    StaffApi.projectProgress,
    { ...editor, schema: { params: StaffIdParams, querystring: StaffPageQuery, response: answers(S.StaffProgressPage) } },
    async (req) => ok(await listProgress(app.db, req.school.id, req.params.id, req.query))
  )

  app.post(
    StaffApi.projectProgress,
    {
      ...editor,
      schema: {
        params: StaffIdParams,
        body: S.ProgressBody,
        response: answers(S.StaffProgress)
      }
    },
    async (req) => ok(await addProgress(app.db, storage(), actor(req), req.params.id, req.body))
  )

  app.post(
    StaffApi.projectProgressDelete,
    { ...editor, schema: { params: StaffPidParams, response: answers(S.StaffDeleted) } },
    async (req) => {
      await deleteProgress(app.db, actor(req), req.params.id, req.params.pid)
      return ok({ id: req.params.pid, deleted: true as const })
    }
  )

  app.get(
    StaffApi.projectPublicity,
    { ...editor, schema: { params: StaffIdParams, querystring: StaffPageQuery, response: answers(S.StaffPublicityPage) } },
    async (req) => ok(await listPublicity(app.db, req.school.id, req.params.id, req.query))
  )

  app.post(
    StaffApi.projectPublicity,
    {
      ...editor,
      schema: {
        params: StaffIdParams,
        body: S.PublicityBody,
        response: answers(S.StaffPublicity)
      }
    },
    async (req) => ok(await addPublicity(app.db, actor(req), req.params.id, req.body))
  )

  app.post(
    StaffApi.projectPublicityDelete,
    { ...editor, schema: { params: StaffPidParams, response: answers(S.StaffDeleted) } },
    async (req) => {
      await deletePublicity(app.db, actor(req), req.params.id, req.params.pid)
      return ok({ id: req.params.pid, deleted: true as const })
    }
  )

  // ---------------------------------------------------------------- categories and labels

  app.get(StaffApi.categories, { ...editor, schema: { response: answers(S.StaffCategories) } }, async (req) =>
    ok(await listCategories(app.db, req.school.id))
  )

  app.post(
    StaffApi.categories,
    {
      ...editor,
      schema: {
        body: S.CategoryBody,
        response: answers(S.StaffCategoryOne)
      }
    },
    async (req) => ok(await createCategory(app.db, actor(req), req.body))
  )

  app.get(StaffApi.labels, { ...editor, schema: { response: answers(S.StaffLabels) } }, async (req) =>
    ok(await listLabels(app.db, req.school.id))
  )

  app.post(
    StaffApi.labels,
    {
      ...editor,
      schema: { body: S.LabelBody, response: answers(S.StaffLabelOne) }
    },
    async (req) => ok(await createLabel(app.db, actor(req), req.body))
  )
}
