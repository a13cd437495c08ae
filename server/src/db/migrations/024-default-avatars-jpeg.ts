/**
 * Default avatars are the seed's JPEG portraits (`/files/seed/avatar-N.jpg`, domain/identity/service.ts). Between the
 * seed drawing them as JPEG and the identity service naming them so, new donors and their joint donations were given
 * `/files/seed/avatar-N.png`, which a fresh DATA_DIR does not have (404, a broken image on the mine page). This moves
 * exactly those four stored values to their JPEG names; an uploaded avatar is never touched. `down` leaves the data:
 * the JPEG names are right on every version.
 */
import type { Kysely, Migration } from 'kysely'

export const STALE_DEFAULT_AVATARS = [1, 2, 3, 4].map((n) => [`/files/seed/avatar-${n}.png`, `/files/seed/avatar-${n}.jpg`] as const)

export const m024DefaultAvatarsJpeg: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['app_user', 'together_donation'])
      for (const [png, jpg] of STALE_DEFAULT_AVATARS) await db.updateTable(table).set({ avatar: jpg }).where('avatar', '=', png).execute()
  },
  async down() {}
}
