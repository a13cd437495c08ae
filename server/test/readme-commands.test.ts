/**
 * Every command README.md gives works as written. The commands are read from README.md itself (fenced shell
 * blocks, table cells and inline code in prose), so a command added to or changed in the README is checked the
 * next time this file runs, and a command this file does not know how to check fails the test instead of slipping
 * through unchecked.
 *
 * - Quick, safe commands (the seed and staff CLIs, `--help` forms, the size report of an existing weapp build) run
 *   exactly as written (`sh -c`, repository root) in a temporary DATA_DIR, and on a fresh PostgreSQL database when
 *   DATABASE_URL is set: exit status 0 and the output the README promises.
 * - Commands that build, install or start a server are checked for existence only: the npm script exists, the files
 *   it runs exist (and parse, for plain JavaScript and shell), and flags passed after `--` are known to the script.
 *   Templates (`server/test/<file>`) have their fixed part checked. The add-school example is run by
 *   security-identity.test.ts.
 * - The variables of README's Configuration table are read somewhere in the code, and the Node version README
 *   names (`engines`, `.nvmrc`) is the one running.
 *
 * Run: npx tsx --test server/test/readme-commands.test.ts
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'

const ROOT = path.resolve(__dirname, '..', '..')
const README = path.join(ROOT, 'README.md')
const run = promisify(execFile)

// ---------------------------------------------------------------------------------------------------------------
// Extraction

export interface ReadmeCommand {
  text: string
  where: 'block' | 'table' | 'prose'
  /** 1-based line of README.md where the command starts */
  line: number
}

const SHELL_LANGS = new Set(['', 'sh', 'bash', 'shell', 'console'])
/** Programs a README command may start with (after optional NAME=value assignments). */
const PROGRAMS = new Set(['npm', 'npx', 'node', 'bash', 'sh', 'source', 'nvm', 'tsx', 'apt-get', 'git', 'curl'])
const ENV_ASSIGNMENT = /^[A-Z_][A-Z0-9_]*=/

/** Splits on whitespace outside single and double quotes (enough for README commands; quotes are kept). */
export function words(cmd: string): string[] {
  return cmd.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? []
}

/** The program of a command line: the first word after NAME=value assignments. */
export function programOf(cmd: string): string {
  return words(cmd).find((w) => !ENV_ASSIGNMENT.test(w)) ?? ''
}

/** A code span is a command when it is a program of PROGRAMS followed by at least one argument. */
export function looksLikeCommand(span: string): boolean {
  const w = words(span.trim())
  const i = w.findIndex((x) => !ENV_ASSIGNMENT.test(x))
  return i >= 0 && PROGRAMS.has(w[i]) && w.length > i + 1
}

const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim())

/** Strips a trailing shell comment (` # …` outside quotes). */
function stripComment(line: string): string {
  let quote = ''
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") {
      quote = c
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i).trimEnd()
    }
  }
  return line
}

/**
 * Commands of a README: each line of a shell code block (backslash continuations joined, comments dropped); in
 * table cells and prose, each code span that looks like a command. In a table cell, a bare script name after an
 * `npm run x` span stands for `npm run <name>` (README writes "`npm run build:h5` / `build:weapp`").
 */
export function extractCommands(md: string): ReadmeCommand[] {
  const lines = md.split('\n')
  const out: ReadmeCommand[] = []
  let fence: { lang: string } | null = null
  let pending = ''
  let pendingLine = 0
  let paragraph: { text: string; line: number } | null = null
  const flushParagraph = () => {
    if (paragraph)
      for (const s of codeSpans(paragraph.text)) if (looksLikeCommand(s)) out.push({ text: s, where: 'prose', line: paragraph.line })
    paragraph = null
  }
  lines.forEach((raw, idx) => {
    const lineNo = idx + 1
    const fenceMatch = /^\s*```\s*([\w-]*)/.exec(raw)
    if (fenceMatch) {
      if (fence) {
        fence = null
      } else {
        flushParagraph()
        fence = { lang: fenceMatch[1].toLowerCase() }
      }
      return
    }
    if (fence) {
      if (!SHELL_LANGS.has(fence.lang)) return
      const line = stripComment(raw).trim()
      if (!pending && (!line || line.startsWith('#'))) return
      if (!pending) pendingLine = lineNo
      if (line.endsWith('\\')) {
        pending += `${line.slice(0, -1).trim()} `
        return
      }
      const text = (pending + line).trim()
      pending = ''
      if (text) out.push({ text, where: 'block', line: pendingLine })
      return
    }
    if (/^\s*\|/.test(raw)) {
      flushParagraph()
      for (const cell of raw.split('|')) {
        let npmRun = ''
        for (const span of codeSpans(cell)) {
          if (looksLikeCommand(span)) {
            out.push({ text: span, where: 'table', line: lineNo })
            npmRun = /^npm run \S+$/.test(span) ? 'npm run' : ''
          } else if (npmRun && /^[a-z][\w:-]*$/.test(span)) {
            out.push({ text: `${npmRun} ${span}`, where: 'table', line: lineNo })
          }
        }
      }
      return
    }
    if (!raw.trim() || /^\s*#/.test(raw)) {
      flushParagraph()
      return
    }
    paragraph = paragraph ? { text: `${paragraph.text} ${raw.trim()}`, line: paragraph.line } : { text: raw.trim(), line: lineNo }
  })
  flushParagraph()
  return out
}

/** The variable names of README's "Configuration" table: every NAME in its first column ("`A` / `B`" rows too). */
export function configurationVariables(md: string): string[] {
  const section = md.split(/^## /m).find((s) => s.startsWith('Configuration')) ?? ''
  return section
    .split('\n')
    .filter((l) => /^\|\s*`/.test(l))
    .flatMap((l) => codeSpans(l.split('|')[1]))
    .filter((v) => /^[A-Z][A-Z0-9_]+$/.test(v))
}

/** `>=22.12 <23` style ranges: every comparator must hold. Enough for an `engines` field; no semver package needed. */
export function satisfies(version: string, range: string): boolean {
  const parse = (v: string) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((x) => Number(x) || 0)
      .concat([0, 0, 0])
      .slice(0, 3)
  const cmp = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
  return range
    .trim()
    .split(/\s+/)
    .every((part) => {
      const m = /^(>=|<=|>|<|=)?(\d+(?:\.\d+){0,2})$/.exec(part)
      if (!m) throw new Error(`unsupported range part ${part}`)
      const c = cmp(parse(version), parse(m[2]))
      return { '>=': c >= 0, '<=': c <= 0, '>': c > 0, '<': c < 0, '=': c === 0, '': c === 0 }[m[1] ?? '']!
    })
}

// ---------------------------------------------------------------------------------------------------------------
// How each command is checked

type Check =
  | { kind: 'run'; order: number; expect: (out: string, dataDir: string, dialect: 'sqlite' | 'postgres') => void; needs?: string }
  | { kind: 'npm-install' }
  | { kind: 'npm-script' }
  | { kind: 'template' }
  | { kind: 'covered'; by: string }
  | { kind: 'file'; why: string }
  | { kind: 'skip'; why: string }

interface Rule {
  match: RegExp
  check: Check
}

const RULES: Rule[] = [
  // Quick and safe: run as written in a temporary DATA_DIR.
  {
    match: /^npx tsx server\/src\/cli\/seed\.ts( --reset)?$/,
    check: {
      kind: 'run',
      order: 1,
      expect: (out, dataDir, dialect) => {
        assert.match(
          out,
          new RegExp(`^(seeded|already seeded \\(use --reset to start over\\)): ${dialect}, data ${escapeRe(dataDir)}$`, 'm')
        )
        assert.match(out, /^schools: demo \(default\), hhu, cpu, fzu$/m)
      }
    }
  },
  {
    match: /^npx tsx server\/src\/cli\/staff\.ts list$/,
    check: {
      kind: 'run',
      order: 2,
      expect: (out) => {
        // "pending paper-certificate and receipt applications": one count line per kind
        assert.match(out, /^certificate applications \(pending\): \d+$/m)
        assert.match(out, /^receipt applications \(pending\): \d+$/m)
      }
    }
  },
  // channel credentials and the SMS gateway, set on the seeded demo school; list shows names, never secrets
  {
    match: /^npx tsx server\/src\/cli\/channel\.ts (?:set|sms) --school demo /,
    check: { kind: 'run', order: 4, expect: (out) => assert.match(out, /^(channel weapp|SMS gateway) of demo saved$/m) }
  },
  {
    match: /^npx tsx server\/src\/cli\/channel\.ts list --school demo$/,
    check: {
      kind: 'run',
      order: 5,
      expect: (out) => {
        assert.match(out, /^channel weapp: app wx1234567890abcdef, secret env:UPLUS_SECRET_DEMO_WEAPP, /m)
        assert.match(
          out,
          /^sms: tencent app 1400000001, sign 示范大学教育基金会, template 100001 .*secret key env:UPLUS_SECRET_DEMO_SMS_KEY/m
        )
      }
    }
  },
  // Every CLI's --help answers at once and changes nothing.
  {
    match: /^npx tsx server\/src\/cli\/[\w-]+\.ts --help$/,
    check: { kind: 'run', order: 0, expect: (out) => assert.match(out, /usage|--\w/i) }
  },
  // Reads a build and prints sizes: runs when the weapp build exists (the builds themselves are not run here).
  {
    match: /^npm run size:weapp$/,
    check: {
      kind: 'run',
      order: 3,
      needs: 'dist/weapp/app.js',
      expect: (out) => {
        assert.match(out, /^\[size\] weapp main package: [\d.]+ KB \(limit 2048\.0 KB, [\d.]+% used\)$/m)
        assert.match(out, /^\[size\] subpackage pkg-\w+: [\d.]+ KB$/m)
      }
    }
  },
  // Another test runs README's add-school example as written and checks the school row.
  { match: /^npx tsx server\/src\/cli\/add-school\.ts /, check: { kind: 'covered', by: 'server/test/security-identity.test.ts' } },
  { match: /^npm install$/, check: { kind: 'npm-install' } },
  // Templates such as `npx tsx --test server/test/<file>`: the fixed part of each path exists.
  { match: /<[\w-]+>/, check: { kind: 'template' } },
  // Build, test and dev-server scripts: the script exists and runs files that exist.
  { match: /^(?:[A-Z_][A-Z0-9_]*=\S+ )*npm (?:start|test|run [\w:-]+)(?: -- .+)?$/, check: { kind: 'npm-script' } },
  // Long-running processes (server, worker, benchmarks that start a server) and CI: existence only.
  {
    match: /^(?:[A-Z_][A-Z0-9_]*=\S+ )*npx tsx server\/src\/(?:main|jobs\/main)\.ts$/,
    check: { kind: 'file', why: 'starts a long-running process' }
  },
  // Test runs named in the README: this file is one of them; running the others here would run the suite twice.
  {
    match: /^(?:[A-Z_][A-Z0-9_]*=\S+ )*npx tsx --test(?: --[\w-]+(?:=\S+)?)*(?: server\/test\/\S+)+$/,
    check: { kind: 'file', why: 'a test suite of its own' }
  },
  { match: /^node bench\/[\w-]+\.js(?: [^`]*)?$/, check: { kind: 'file', why: 'starts a server and loads it for minutes' } },
  { match: /^bash \.ci\/run$/, check: { kind: 'file', why: 'the whole CI: install, builds, every suite' } },
  { match: /^source scripts\/ensure-node\.sh$/, check: { kind: 'file', why: 'may download Node 22 and changes PATH' } },
  { match: /^node scripts\/repack-taro-ui\.js$/, check: { kind: 'file', why: 'downloads taro-ui and rewrites vendor/' } },
  { match: /^npm ls$/, check: { kind: 'skip', why: 'CI runs it after npm install (.ci/run)' } },
  { match: /^nvm (?:install|use)$/, check: { kind: 'skip', why: "a developer's own version manager (it reads .nvmrc)" } },
  { match: /^apt-get install -y chromium$/, check: { kind: 'skip', why: 'a system package (CI installs it: .ci/run)' } }
]

/** Code spans that look like commands but are mentions, not instructions. */
const MENTIONS = new Set([
  'npm ci' // "Use `npm install`, never `npm ci`"
])

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const ruleFor = (cmd: string) => RULES.find((r) => r.match.test(cmd))

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: object
  devDependencies: object
}

/** `npm start` / `npm test` / `npm run x` -> x, and the arguments after `--`. */
function npmScriptOf(cmd: string): { name: string; extra: string[] } {
  const w = words(cmd).filter((x) => !ENV_ASSIGNMENT.test(x))
  const name = w[1] === 'run' ? w[2] : w[1]
  const dash = w.indexOf('--')
  return { name, extra: dash >= 0 ? w.slice(dash + 1) : [] }
}

/** Files a script line runs: arguments that look like repository paths (globs must match at least one file). */
export function filesOfScript(script: string): string[] {
  const seen = new Set<string>()
  for (const part of script.split(/&&|\|\||;/)) {
    for (const w of words(part.trim())) {
      const arg = w.replace(/^["']|["']$/g, '')
      if (/^(scripts|server|test|bench|src|config|\.ci)\/[\w./*-]+$/.test(arg) || (/\.(js|ts|sh)$/.test(arg) && !arg.startsWith('-')))
        seen.add(arg)
    }
  }
  return [...seen]
}

/** A path exists; a one-level glob (server/test/*.test.ts) matches a file; a deep one (src/**) has its base folder. */
function globExists(rel: string): boolean {
  if (!rel.includes('*')) return existsSync(path.join(ROOT, rel))
  if (rel.includes('**')) return existsSync(path.join(ROOT, rel.slice(0, rel.indexOf('**'))))
  const dir = path.join(ROOT, path.dirname(rel))
  const re = new RegExp(`^${path.basename(rel).split('*').map(escapeRe).join('.*')}$`)
  return existsSync(dir) && readdirSync(dir).some((f) => re.test(f))
}

/** `node --check` for JavaScript, `bash -n` for shell: the file parses, without running it. */
async function parses(rel: string): Promise<void> {
  const abs = path.join(ROOT, rel)
  if (rel.endsWith('.js')) await run(process.execPath, ['--check', abs])
  else if (rel.startsWith('.ci/') || rel.endsWith('.sh')) await run('bash', ['-n', abs])
}

async function checkNpmScript(cmd: string): Promise<void> {
  const { name, extra } = npmScriptOf(cmd)
  const script = pkg.scripts[name]
  assert.ok(script, `package.json has no script "${name}" (README: ${cmd})`)
  const files = filesOfScript(script)
  for (const f of files) {
    assert.ok(globExists(f), `script "${name}" runs ${f}, which does not exist`)
    if (!f.includes('*')) await parses(f)
  }
  // flags after `--` go to the script's own file: it must know them
  const own = files.filter((f) => f.startsWith('scripts/') && f.endsWith('.js'))
  for (const flag of extra.filter((x) => x.startsWith('--'))) {
    assert.ok(
      own.some((f) => readFileSync(path.join(ROOT, f), 'utf8').includes(flag)),
      `"${cmd}": no file of script "${name}" reads ${flag}`
    )
  }
}

/** Every file (or glob) the command names exists, and plain JavaScript and shell files parse. */
async function checkFile(cmd: string): Promise<void> {
  const targets = words(cmd).filter(
    (w) => !ENV_ASSIGNMENT.test(w) && !w.startsWith('-') && (/\.(ts|js|sh)$/.test(w) || w.startsWith('.ci/'))
  )
  assert.ok(targets.length, `no file in "${cmd}"`)
  for (const target of targets) {
    assert.ok(globExists(target), `${target} does not exist (README: ${cmd})`)
    if (!target.includes('*')) {
      assert.ok(statSync(path.join(ROOT, target)).isFile(), `${target} is not a file`)
      await parses(target)
    }
  }
}

/** A command with a `<placeholder>`: its program is one README uses and the fixed part of each path exists. */
function checkTemplate(cmd: string): void {
  assert.ok(PROGRAMS.has(programOf(cmd)), `unknown program in "${cmd}"`)
  for (const w of words(cmd).filter((x) => x.includes('<') && x.includes('/'))) {
    const fixed = w.slice(0, w.indexOf('<'))
    assert.ok(existsSync(path.join(ROOT, fixed)), `${fixed} does not exist (README: ${cmd})`)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A fresh database for the commands that run: SQLite in the temporary DATA_DIR, or a new PostgreSQL database.

async function freshPg(baseUrl: string) {
  const name = `uplus_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

const md = readFileSync(README, 'utf8')
const commands = extractCommands(md).filter((c) => !MENTIONS.has(c.text))

describe('extracting README commands', () => {
  it('reads shell blocks, table cells (with "/ `build:weapp`" shorthands) and prose spans', () => {
    const sample = [
      'Intro with `npm run lint` and a mention `JOBS_ENABLED=0` that is no command.',
      '',
      '```sh',
      'npx tsx a.ts --x 1 \\',
      '  --y "two words"   # comment',
      '# a comment line',
      '```',
      '',
      '| command | what |',
      '|---|---|',
      '| `npm run build:h5` / `build:weapp` | builds |',
      '',
      '```json',
      '{"npm": "install"}',
      '```'
    ].join('\n')
    assert.deepEqual(extractCommands(sample), [
      { text: 'npm run lint', where: 'prose', line: 1 },
      { text: 'npx tsx a.ts --x 1 --y "two words"', where: 'block', line: 4 },
      { text: 'npm run build:h5', where: 'table', line: 11 },
      { text: 'npm run build:weapp', where: 'table', line: 11 }
    ])
  })

  it('finds the README commands it is meant to check', () => {
    const texts = commands.map((c) => c.text)
    for (const expected of [
      'npm install',
      'npm start',
      'npm test',
      'npx tsx server/src/cli/seed.ts',
      'npx tsx server/src/cli/seed.ts --reset',
      'npx tsx server/src/cli/staff.ts list'
    ]) {
      assert.ok(texts.includes(expected), `README no longer gives "${expected}"`)
    }
  })

  it('knows how to check every command README gives', () => {
    const unknown = commands.filter((c) => !ruleFor(c.text)).map((c) => `README.md:${c.line} ${c.text}`)
    assert.deepEqual(unknown, [], 'add a rule to RULES (run it, or check its existence) for these commands')
  })
})

describe('README commands that build, install or start servers exist', () => {
  it('npm install: package.json, its lockfile, the vendored tarballs, and no legacy-peer-deps hiding an invalid tree', () => {
    assert.ok(commands.some((c) => ruleFor(c.text)?.check.kind === 'npm-install'))
    assert.ok(existsSync(path.join(ROOT, 'package-lock.json')))
    // docs/decisions/053-node-22.md: npm checks peer dependencies; taro-ui comes from a repacked tarball in vendor/
    const npmrc = path.join(ROOT, '.npmrc')
    if (existsSync(npmrc)) assert.doesNotMatch(readFileSync(npmrc, 'utf8'), /^\s*legacy-peer-deps\s*=\s*true/m)
    const all = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>
    const files = Object.values(all).filter((v) => v.startsWith('file:'))
    assert.ok(files.length > 0, 'taro-ui is no longer a file: dependency: update this test and decision 053')
    for (const f of files) assert.ok(statSync(path.join(ROOT, f.slice('file:'.length))).isFile(), `${f} is missing`)
    assert.ok(Object.keys(pkg.dependencies).length > 0)
  })

  for (const c of commands.filter((x) => ruleFor(x.text)?.check.kind === 'npm-script')) {
    it(`${c.text} (README.md:${c.line}): the script and the files it runs exist`, async () => {
      await checkNpmScript(c.text)
    })
  }

  for (const c of commands.filter((x) => ruleFor(x.text)?.check.kind === 'template')) {
    it(`${c.text} (README.md:${c.line}): a template whose fixed paths exist`, () => {
      checkTemplate(c.text)
    })
  }

  for (const c of commands.filter((x) => ruleFor(x.text)?.check.kind === 'covered')) {
    const by = (ruleFor(c.text)!.check as { by: string }).by
    it(`${c.text} (README.md:${c.line}): run as written by ${by}`, () => {
      const source = readFileSync(path.join(ROOT, by), 'utf8')
      assert.ok(
        source.includes('README.md') && source.includes(path.basename(words(c.text)[2] ?? '', '.ts')),
        `${by} no longer runs README's command`
      )
    })
  }

  for (const c of commands.filter((x) => ruleFor(x.text)?.check.kind === 'skip')) {
    it(`${c.text} (README.md:${c.line})`, { skip: (ruleFor(c.text)!.check as { why: string }).why }, () => undefined)
  }

  for (const c of commands.filter((x) => ruleFor(x.text)?.check.kind === 'file')) {
    const check = ruleFor(c.text)!.check as { why: string }
    it(`${c.text} (README.md:${c.line}): the file exists and parses (not run: ${check.why})`, async () => {
      await checkFile(c.text)
    })
  }
})

describe('README commands that are quick and safe run as written', () => {
  let dataDir = ''
  let db: { url: string; drop: () => Promise<void> } | null = null

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-readme-'))
    if (process.env.DATABASE_URL) db = await freshPg(process.env.DATABASE_URL)
  })
  after(async () => {
    await db?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const runnable = commands
    .map((c) => ({ c, check: ruleFor(c.text)?.check }))
    .filter((x): x is { c: ReadmeCommand; check: Extract<Check, { kind: 'run' }> } => x.check?.kind === 'run')
    .sort((a, b) => a.check.order - b.check.order)

  it('there is something to run', () => {
    assert.ok(runnable.length >= 2)
  })

  for (const { c, check } of runnable) {
    const skip = check.needs && !existsSync(path.join(ROOT, check.needs)) ? `${check.needs} is not built` : false
    it(`${c.text} (README.md:${c.line}): exit 0 and the promised output`, { skip }, async () => {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '' }
      let out: string
      try {
        const r = await run('sh', ['-c', c.text], { cwd: ROOT, env, timeout: 180_000, maxBuffer: 8 * 1024 * 1024 })
        out = r.stdout + r.stderr
      } catch (err) {
        const e = err as { code?: number; stdout?: string; stderr?: string }
        assert.fail(`"${c.text}" exited with ${e.code}:\n${e.stdout ?? ''}${e.stderr ?? ''}`)
      }
      check.expect(out, dataDir, db ? 'postgres' : 'sqlite')
    })
  }

  it('the seed command created its data in DATA_DIR, not in ./data', () => {
    if (db) return // PostgreSQL: the data is in the database
    assert.ok(existsSync(path.join(dataDir, 'uplus.db')), 'no uplus.db in the temporary DATA_DIR')
  })
})

describe('the Node version README and deployment rely on', () => {
  const engines = (pkg as { engines?: { node?: string } }).engines?.node ?? ''

  it('package.json pins an engines range and .nvmrc names a version inside it', () => {
    assert.ok(engines, 'package.json has no engines.node')
    const nvmrc = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim()
    assert.match(nvmrc, /^\d+\.\d+\.\d+$/)
    assert.ok(satisfies(nvmrc, engines), `.nvmrc ${nvmrc} is outside engines ${engines}`)
  })

  it('the Node running these tests is inside the range', () => {
    assert.ok(satisfies(process.version, engines), `node ${process.version} is outside engines ${engines}`)
  })

  it('the range check itself', () => {
    assert.equal(satisfies('22.12.0', '>=22.12 <23'), true)
    assert.equal(satisfies('v22.23.5', '>=22.12 <23'), true)
    assert.equal(satisfies('22.11.9', '>=22.12 <23'), false)
    assert.equal(satisfies('v20.20.2', '>=22.12 <23'), false)
    assert.equal(satisfies('23.0.0', '>=22.12 <23'), false)
  })
})

describe("README's Configuration table", () => {
  const vars = configurationVariables(md)
  const sources = ['server/src', 'scripts', 'config', 'src', 'test/mini', 'test/automator']
  const walk = (rel: string): string[] => {
    const abs = path.join(ROOT, rel)
    if (!existsSync(abs)) return []
    if (statSync(abs).isFile()) return /\.(ts|tsx|js)$/.test(rel) ? [readFileSync(abs, 'utf8')] : []
    return readdirSync(abs).flatMap((f) => walk(path.join(rel, f)))
  }
  const code = sources.flatMap((rel) => walk(rel)).join('\n')

  it('lists variables', () => {
    assert.ok(vars.includes('DATA_DIR') && vars.includes('DATABASE_URL'), `unexpected table: ${vars.join(', ')}`)
  })

  for (const v of vars) {
    it(`${v} is read by the code`, () => {
      assert.ok(new RegExp(`\\b${v}\\b`).test(code), `${v} appears in README but nowhere in ${sources.join(', ')}`)
    })
  }
})
