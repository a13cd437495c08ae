// Lint: TypeScript rules, React hooks, and the app's layers (CONVENTIONS "Thin pages, logic in features"), which
// eslint-plugin-import enforces the way bulletproof-react does. Formatting is Prettier's (.prettierrc.json), checked by npm run lint.
const fs = require('fs')
const path = require('path')

const dirs = (parent, keep = () => true) =>
  fs
    .readdirSync(path.join(__dirname, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory() && keep(d.name))
    .map((d) => d.name)

// Read from the tree, so a new feature or subpackage is covered without editing this file.
const features = dirs('src/features')
const pages = ['./src/pages', ...dirs('src', (n) => n.startsWith('pkg-')).map((n) => `./src/${n}`)]
// A feature's public face: what pages and other features may import from it. index.ts is the face for the main
// package; subpackage.ts, where a feature has one, holds the screens of subpackage pages, so that importing index.ts
// from a main-package page does not pull them into weapp's main package (webpack keeps every re-export of a module
// that imports a stylesheet).
const publicFaces = features.flatMap((f) => [`./${f}/index.ts`, `./${f}/subpackage.ts`])

const layerZones = [
  // Pages compose features; nothing below a page may reach up into one.
  {
    target: ['./src/features', './src/components', './src/lib', './src/platform', './src/store'],
    from: pages,
    message: 'Pages sit on top: features, components, lib, platform and store never import a page (CONVENTIONS).'
  },
  // Pages import a feature through its public face only, so the feature can move its files freely.
  {
    target: pages,
    from: './src/features',
    except: publicFaces,
    message: 'Pages import a feature through its index.ts (or subpackage.ts), not its internals.'
  },
  // One zone per feature: its own files are free, another feature only through that feature's public face.
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`, ...publicFaces.filter((p) => !p.startsWith(`./${f}/`))],
    message: `Feature "${f}" may use another feature only through its index.ts (or subpackage.ts); shared code belongs in src/components or src/lib.`
  })),
  // Shared layers are below every feature.
  {
    target: ['./src/lib', './src/platform', './src/components', './src/store'],
    from: './src/features',
    message: 'src/lib, src/platform, src/components and src/store are shared layers: they import no feature.'
  },
  // The server is its own program: it shares the wire contract (types/) with the app, never app code.
  {
    target: './server',
    from: './src',
    message: 'The server never imports app code (src/); shared shapes live in types/.'
  }
]

const TARO_ENV_RULE = {
  selector: "MemberExpression[object.object.name='process'][object.property.name='env'][property.name='TARO_ENV']",
  message: 'Only src/platform may read process.env.TARO_ENV (CONVENTIONS).'
}

const DOMAIN_SQL =
  "A domain's rule module holds no SQL: put the query in its domain's repository.ts and call it (docs/decisions/058-one-db-schema.md, 068-sql-in-repositories.md)."
const domainSqlRules = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|mergeInto|updateTable|deleteFrom|with|withRecursive)$/]',
    message: DOMAIN_SQL
  },
  { selector: "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']", message: DOMAIN_SQL },
  { selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']", message: DOMAIN_SQL },
  { selector: "MemberExpression[property.name='fn'][object.type!='ThisExpression']", message: DOMAIN_SQL }
]
// Rule modules under server/src/domain that still query the database themselves (docs/decisions/068-sql-in-repositories.md
// names them as the work left). The list only shrinks: test/lint/layers.test.js fails on a name here whose file no
// longer holds SQL, and a new file is under the rule from its first line.
const SQL_NOT_YET_IN_REPOSITORIES = [
  'agreement/seed.ts',
  'agreement/staff.ts',
  'article/staff.ts',
  'bill/findings.ts',
  'bill/match.ts',
  'bill/run.ts',
  'bill/sandbox.ts',
  'bill/schedule.ts',
  'channel/credentials.ts',
  'channel/settings.ts',
  'channel/share.ts',
  'channel/sms.ts',
  'form/project-form.ts',
  'form/texts.ts',
  'fulfilment/applications.ts',
  'fulfilment/config.ts',
  'fulfilment/on-paid.ts',
  'fulfilment/state.ts',
  'identity/oauth.ts',
  'identity/settings.ts',
  'identity/sms.ts',
  'ledger/exports.ts',
  'ledger/reconciliation.ts',
  'message/staff.ts',
  'moderation/queue.ts',
  'naming-map/campaigns.ts',
  'naming-map/pledge.ts',
  'naming/holds.ts',
  'naming/review.ts',
  'notify/channel-wechat.ts',
  'notify/enqueue.ts',
  'notify/failed.ts',
  'notify/grants.ts',
  'notify/preferences.ts',
  'notify/send.ts',
  'notify/sms-receipt.ts',
  'notify/templates.ts',
  'notify/unsubscribe.ts',
  'order/campus-card.ts',
  'order/challenge.ts',
  'order/notifications.ts',
  'order/pay-link.ts',
  'order/provider-close-job.ts',
  'order/provider-close.ts',
  'order/review.ts',
  'order/state.ts',
  'privacy/account.ts',
  'project/activity-edit.ts',
  'project/activity.ts',
  'project/categories.ts',
  'project/images.ts',
  'refund/settle.ts',
  'school/cache.ts',
  'school/settings.ts',
  'together/on-paid.ts',
  'upload/policy.ts'
].map((f) => `server/src/domain/${f}`)

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  env: { es2022: true, node: true, browser: true },
  settings: {
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    // the typescript resolver reads tsconfig paths (@/*, @contract); every project, so server imports resolve too
    'import/resolver': {
      typescript: {
        project: ['./tsconfig.json', './server/tsconfig.json', './server/admin/tsconfig.json'],
        alwaysTryTypes: true,
        noWarnOnMultipleProjects: true
      },
      node: true
    }
  },
  rules: {
    // Prettier owns formatting (npm run lint checks it); its no-semicolon style starts a line with ';' where ASI needs it
    'no-extra-semi': 'off',
    'react-hooks/rules-of-hooks': 'error',
    // useData takes a deps list like useCallback: the rule checks it too
    'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useData$' }],
    '@typescript-eslint/no-explicit-any': 'off',
    '@typescript-eslint/no-require-imports': 'off',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    'import/no-restricted-paths': ['error', { basePath: __dirname, zones: layerZones }],
    'import/no-cycle': ['error', { ignoreExternal: true }],
    'no-restricted-syntax': ['error', TARO_ENV_RULE]
  },
  overrides: [
    // src/app.config.ts is build configuration Taro's CLI evaluates once per target, not app code: each platform's
    // app.json carries only its own keys (docs/decisions/045-mini-program-package-config.md)
    { files: ['src/platform/**', 'src/app.config.ts'], rules: { 'no-restricted-syntax': 'off' } },
    // Rule modules hold rules and transactions, repositories the SQL (docs/decisions/058-one-db-schema.md,
    // 068-sql-in-repositories.md): every file under server/src/domain, domain/staff included, calls its domain's
    // repository functions and passes its transaction through; only repository.ts and *-repository.ts build queries,
    // and the files not yet moved are named above.
    {
      files: ['server/src/domain/**/*.ts'],
      excludedFiles: ['server/src/domain/**/repository.ts', 'server/src/domain/**/*-repository.ts', ...SQL_NOT_YET_IN_REPOSITORIES],
      rules: { 'no-restricted-syntax': ['error', TARO_ENV_RULE, ...domainSqlRules] }
    }
  ],
  ignorePatterns: ['dist/', 'node_modules/', 'types/vendor/']
}
