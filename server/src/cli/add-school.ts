/**
 * Adds a tenant: `tsx server/src/cli/add-school.ts --code xzit --name "徐州工程学院教育发展基金会" [options]`.
 * Inserts the school with a random 16-character signKey, its settings row and base settings; no code changes
 * (docs/decisions/004-tenancy.md). A new school is a production school: the sandbox identity and the sandbox
 * cashier are off (README.md "Add a school"; `--sandbox` for a trial school). `--help` prints the options.
 */
import { parseArgs } from 'node:util'
import { DIRECTORY_ORDER_CYCLE, type DirectoryOrder } from '../../../types'
import { createSchool, SCHOOL_CODE_PATTERN, type NewSchool } from '../domain/school/service'
import { openMigrated, run } from './common'

export const ADD_SCHOOL_USAGE = `usage: npx tsx server/src/cli/add-school.ts --code <code> --name <foundation name> [options]

  --code <code>                     a-z, 0-9 and -, 2 to 32 characters, starting with a letter (the URL's school)
  --name <text>                     the foundation's name
  --module-name, --module <text>    the module name the app shows (default 校友基金会)
  --theme <name>                    theme name (default red)
  --theme-color, --color <#hex>     theme colour (default #c8102e)
  --default                         make it the school answered by /config/index.json
  --mask-donor-names                show donors as first character + ** (search matches only that)
  --hide-statistics  --hide-directory-search  --hide-project-directory
  --offline-contact <text>          no online donation; shows this text instead
  --list-variant tabs|dropdown      project list layout (default tabs)
  --default-order ''|donate_time_asc|1|donate_money_asc   directory order (default '' = newest first)
  --logo </files/...png>            the school logo setting
  --sandbox                         a trial school: sandbox sign-in (codes and unsigned hand-offs are openIds) and
                                    the sandbox cashier on. Without it both are off and the school is a production
                                    school (no console SMS): set its channels and SMS gateway (cli/channel.ts) and
                                    payment_config (server/README.md) before donors can sign in and pay.
  --help                            this text

Honours DATA_DIR and DATABASE_URL like the server.`

/** README.md's spellings (`--module`, `--color`) and the long ones are the same options. */
export function parseAddSchoolArgs(args: string[]): { help: true } | { help: false; school: NewSchool } {
  const { values: v } = parseArgs({
    args,
    options: {
      code: { type: 'string' },
      name: { type: 'string' },
      'module-name': { type: 'string' },
      module: { type: 'string' },
      theme: { type: 'string' },
      'theme-color': { type: 'string' },
      color: { type: 'string' },
      default: { type: 'boolean' },
      'mask-donor-names': { type: 'boolean' },
      'hide-statistics': { type: 'boolean' },
      'hide-directory-search': { type: 'boolean' },
      'hide-project-directory': { type: 'boolean' },
      'offline-contact': { type: 'string' },
      'list-variant': { type: 'string' },
      'default-order': { type: 'string' },
      logo: { type: 'string' },
      sandbox: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    }
  })
  if (v.help) return { help: true }
  if (!v.code || !v.name) throw new Error(`--code and --name are required\n\n${ADD_SCHOOL_USAGE}`)
  if (!SCHOOL_CODE_PATTERN.test(v.code)) throw new Error(`--code must match ${SCHOOL_CODE_PATTERN}`)
  if (v.module !== undefined && v['module-name'] !== undefined && v.module !== v['module-name'])
    throw new Error('--module and --module-name disagree: give one')
  if (v.color !== undefined && v['theme-color'] !== undefined && v.color !== v['theme-color'])
    throw new Error('--color and --theme-color disagree: give one')
  const moduleName = v['module-name'] ?? v.module
  const themeColor = v['theme-color'] ?? v.color
  const order = (v['default-order'] ?? '') as DirectoryOrder
  if (!DIRECTORY_ORDER_CYCLE.includes(order))
    throw new Error(`--default-order must be one of ${DIRECTORY_ORDER_CYCLE.map((o) => `'${o}'`).join(', ')}`)
  if (v['list-variant'] && !['tabs', 'dropdown'].includes(v['list-variant'])) throw new Error('--list-variant must be tabs or dropdown')
  if (themeColor !== undefined && !/^#[0-9a-fA-F]{6}$/.test(themeColor)) throw new Error('--theme-color must look like #c8102e')
  return {
    help: false,
    school: {
      code: v.code,
      name: v.name,
      moduleName,
      theme: v.theme,
      themeColor,
      isDefault: v.default,
      logo: v.logo,
      sandbox: !!v.sandbox,
      settings: {
        maskDonorNames: v['mask-donor-names'],
        hideStatistics: v['hide-statistics'],
        hideDirectorySearch: v['hide-directory-search'],
        hideProjectDirectory: v['hide-project-directory'],
        disableOnlineDonation: !!v['offline-contact'],
        offlineContactInfo: v['offline-contact'],
        projectListVariant: v['list-variant'] === 'dropdown' ? 'dropdown' : 'tabs',
        defaultDirectoryOrder: order
      }
    }
  }
}

async function main() {
  const parsed = parseAddSchoolArgs(process.argv.slice(2))
  if (parsed.help) {
    console.log(ADD_SCHOOL_USAGE)
    return
  }
  const { school } = parsed
  const { db, close } = await openMigrated()
  try {
    if (await db.selectFrom('school').select('id').where('code', '=', school.code).executeTakeFirst())
      throw new Error(`school ${school.code} already exists`)
    const { id, signKey } = await db.transaction().execute((trx) => createSchool(trx, school))
    console.log(`added school ${school.code} (id ${id}); signKey ${signKey}`)
    console.log(`config: /config/${school.code}/index.json   api: /api/${school.code}`)
    console.log(
      school.sandbox
        ? 'sandbox sign-in and sandbox cashier: on (trial school)'
        : 'sandbox sign-in and sandbox cashier: off, production school; set channels and SMS (npx tsx server/src/cli/channel.ts --help) and payment_config (server/README.md)'
    )
  } finally {
    await close()
  }
}

// Run only as a command: tests import the parser without touching a database.
if (require.main === module) run(main)
