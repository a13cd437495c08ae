/**
 * Adds a tenant: `tsx server/src/cli/add-school.ts --code xzit --name "徐州工程学院教育发展基金会" [options]`.
 * Inserts the school with a random 16-character signKey, its settings row and base settings; no code changes
 * (docs/decisions/004-tenancy.md). Options:
 *   --module-name <text>   (default 校友基金会)      --theme <name> (default red)   --theme-color <#hex> (default #c8102e)
 *   --default              make it the school of /config/index.json
 *   --mask-donor-names  --hide-statistics  --hide-directory-search  --hide-project-directory
 *   --offline-contact <text>   disables online donation and shows this text
 *   --list-variant tabs|dropdown   --default-order ''|donate_time_asc|1|donate_money_asc
 *   --logo </files/...png>
 */
import { parseArgs } from 'node:util'
import { DIRECTORY_ORDER_CYCLE, type DirectoryOrder } from '../../../types'
import { createSchool, SCHOOL_CODE_PATTERN } from '../domain/school/service'
import { openMigrated, run } from './common'

run(async () => {
  const { values: v } = parseArgs({
    options: {
      code: { type: 'string' }, name: { type: 'string' }, 'module-name': { type: 'string' }, theme: { type: 'string' },
      'theme-color': { type: 'string' }, default: { type: 'boolean' }, 'mask-donor-names': { type: 'boolean' },
      'hide-statistics': { type: 'boolean' }, 'hide-directory-search': { type: 'boolean' }, 'hide-project-directory': { type: 'boolean' },
      'offline-contact': { type: 'string' }, 'list-variant': { type: 'string' }, 'default-order': { type: 'string' }, logo: { type: 'string' }
    }
  })
  if (!v.code || !v.name) throw new Error('usage: add-school.ts --code <code> --name <foundation name> [options] (see the file header)')
  if (!SCHOOL_CODE_PATTERN.test(v.code)) throw new Error(`--code must match ${SCHOOL_CODE_PATTERN}`)
  const order = (v['default-order'] ?? '') as DirectoryOrder
  if (!DIRECTORY_ORDER_CYCLE.includes(order)) throw new Error(`--default-order must be one of ${DIRECTORY_ORDER_CYCLE.map((o) => `'${o}'`).join(', ')}`)
  if (v['list-variant'] && !['tabs', 'dropdown'].includes(v['list-variant'])) throw new Error('--list-variant must be tabs or dropdown')
  if (v['theme-color'] && !/^#[0-9a-fA-F]{6}$/.test(v['theme-color'])) throw new Error('--theme-color must look like #c8102e')

  const { db, close } = await openMigrated()
  try {
    if (await db.selectFrom('school').select('id').where('code', '=', v.code).executeTakeFirst()) throw new Error(`school ${v.code} already exists`)
    const { id, signKey } = await db.transaction().execute((trx) => createSchool(trx, {
      code: v.code!, name: v.name!, moduleName: v['module-name'], theme: v.theme, themeColor: v['theme-color'], isDefault: v.default, logo: v.logo,
      settings: {
        maskDonorNames: v['mask-donor-names'], hideStatistics: v['hide-statistics'], hideDirectorySearch: v['hide-directory-search'],
        hideProjectDirectory: v['hide-project-directory'], disableOnlineDonation: !!v['offline-contact'], offlineContactInfo: v['offline-contact'],
        projectListVariant: v['list-variant'] === 'dropdown' ? 'dropdown' : 'tabs', defaultDirectoryOrder: order
      }
    }))
    console.log(`added school ${v.code} (id ${id}); signKey ${signKey}`)
    console.log(`config: /config/${v.code}/index.json   api: /api/${v.code}`)
  } finally {
    await close()
  }
})
