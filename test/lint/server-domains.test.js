/**
 * The server by domain (docs/decisions/057-server-by-domain.md): server/src/domain/staff/ holds only the console's
 * own rules and their repository (docs/decisions/068-sql-in-repositories.md), the staff API's shapes are the contract's (types/schema/), and the console pages that read them say so.
 * `npm run lint` runs this.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')

// accounts and sign-in, the audit log, roles, the dashboard's composition, their messages, and the SQL of all of
// them (repository.ts: the console's own tables and the dashboard's figures, decision 068)
const CONSOLE_OWN = ['admin.ts', 'audit.ts', 'dashboard.ts', 'messages.ts', 'repository.ts', 'roles.ts', 'service.ts']

test("server/src/domain/staff holds only the console's own files and their repository (other rules live in their domain)", () => {
  const files = fs.readdirSync(path.join(root, 'server/src/domain/staff')).sort()
  assert.deepEqual(
    files.filter((f) => !CONSOLE_OWN.includes(f)),
    [],
    'a rule of another domain belongs in that domain (docs/architecture.md lists where)'
  )
})

test('no staff answer schema is written in server/src/routes/wire (they are types/schema/staff-*.ts)', () => {
  const files = fs.readdirSync(path.join(root, 'server/src/routes/wire')).filter((f) => f.startsWith('staff'))
  assert.deepEqual(files, [])
})

test('the console pages of projects, forms, applications, nameplates and settings read the contract, not a copy', () => {
  const pages = [
    'applications',
    'nameplates',
    'projects',
    'project-edit',
    'project-extras',
    'form-builder',
    'settings',
    'channels',
    'privacy-policy'
  ]
  const offenders = pages.filter((p) => {
    const src = fs.readFileSync(path.join(root, 'server/admin/src/pages', `${p}.tsx`), 'utf8')
    return !/import type \{[^}]+\} from '@contract\/schema\//.test(src)
  })
  assert.deepEqual(offenders, [])
})
