/**
 * Giving days, their matches and challenges (docs/decisions/070-giving-days.md; domain/giving-day/service.ts), admin
 * only like the campaign settings: a match or a challenge is a sponsor's money promised on the school's word.
 *   GET  /giving-days                                  every giving day with its matches and challenges
 *   GET  /giving-days/:id                              one
 *   POST /giving-days, /giving-days/:id                create, change (any part; all checked before a write)
 *   POST /giving-days/:id/matches[/:matchId]           add, change a match
 *   POST /giving-days/:id/challenges[/:challengeId]    add, change a challenge
 * Every change writes its audit row in its transaction; refusals name the field (data.field) in zh or en.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { getGivingDay, listGivingDays, saveChallenge, saveGivingDay, saveMatch } from '../../domain/giving-day/service'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-giving-day'
import { StaffApi } from '../../../../types/staff-api'
import { requireRole } from './access'

const dayParams = W.StaffGivingDayParams
const matchParams = W.StaffMatchParams
const challengeParams = W.StaffChallengeParams

export const staffGivingDayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = requireRole('admin')
  const actor = (req: { school: { id: number }; staff: { id: number }; lang: 'zh_CN' | 'en' }) => ({
    schoolId: req.school.id,
    staffId: req.staff.id,
    lang: req.lang,
    now: app.identity.now()
  })

  app.get(StaffApi.givingDays, { ...admin, schema: { response: answers(W.StaffGivingDayList) } }, async (req) =>
    ok(await listGivingDays(app.db, req.school.id))
  )
  app.get(StaffApi.givingDay, { ...admin, schema: { params: dayParams, response: answers(W.StaffGivingDay) } }, async (req) =>
    ok(await getGivingDay(app.db, req.school.id, req.params.id))
  )
  app.post(StaffApi.givingDays, { ...admin, schema: { body: W.StaffGivingDayBody, response: answers(W.StaffGivingDay) } }, async (req) =>
    ok(await saveGivingDay(app.db, actor(req), null, req.body))
  )
  app.post(
    StaffApi.givingDay,
    { ...admin, schema: { params: dayParams, body: W.StaffGivingDayBody, response: answers(W.StaffGivingDay) } },
    async (req) => ok(await saveGivingDay(app.db, actor(req), req.params.id, req.body))
  )
  app.post(
    StaffApi.givingDayMatches,
    { ...admin, schema: { params: dayParams, body: W.StaffGivingDayMatchBody, response: answers(W.StaffGivingDay) } },
    async (req) => ok(await saveMatch(app.db, actor(req), req.params.id, null, req.body))
  )
  app.post(
    StaffApi.givingDayMatch,
    { ...admin, schema: { params: matchParams, body: W.StaffGivingDayMatchBody, response: answers(W.StaffGivingDay) } },
    async (req) => ok(await saveMatch(app.db, actor(req), req.params.id, req.params.matchId, req.body))
  )
  app.post(
    StaffApi.givingDayChallenges,
    { ...admin, schema: { params: dayParams, body: W.StaffGivingDayChallengeBody, response: answers(W.StaffGivingDay) } },
    async (req) => ok(await saveChallenge(app.db, actor(req), req.params.id, null, req.body))
  )
  app.post(
    StaffApi.givingDayChallenge,
    { ...admin, schema: { params: challengeParams, body: W.StaffGivingDayChallengeBody, response: answers(W.StaffGivingDay) } },
    async (req) => ok(await saveChallenge(app.db, actor(req), req.params.id, req.params.challengeId, req.body))
  )
}
