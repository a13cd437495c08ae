/**
 * Status claims in the docs stay honest: no sentence of README.md or docs/product/*.md may call something "not yet",
 * "not built", 尚未上线 or 即将上线 while naming a route the app registers or a call the server registers
 * (docs/product/README.md "How to read built"). The registered things are read from the sources as text, no build:
 * app routes from src/lib/route-list.ts (PAGES, which src/app.config.ts registers), calls from types/routes.ts (Api)
 * that a route file under server/src/routes uses. README's opening paragraph (before "## Run") is also checked against
 * a small list of product words, each mapped to the route or call that makes it built. `npm run lint` runs this.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8')

// ---- what is registered -------------------------------------------------------------------------------------------

/** Route names of src/lib/route-list.ts PAGES: the one route list, from which src/app.config.ts registers every page. */
function registeredRoutes(routeListText) {
  const body = /export const PAGES = \[([\s\S]*?)\n\]/.exec(routeListText)
  if (!body) throw new Error('src/lib/route-list.ts: PAGES not found')
  return new Set([...body[1].matchAll(/\{ name: '([^']+)', page: '/g)].map((m) => m[1]))
}

/** Calls of types/routes.ts Api ({key -> path}, P/S/OPERATE substituted) that a server route file uses as Api.key. */
function registeredCalls(typesText, serverRoutesText) {
  const consts = {}
  for (const m of typesText.matchAll(/^export const (\w+) = '([^']*)'/gm)) consts[m[1]] = m[2]
  const body = /export const Api = \{([\s\S]*?)\n\} as const/.exec(typesText)
  if (!body) throw new Error('types/routes.ts: Api not found')
  const calls = new Map()
  for (const m of body[1].matchAll(/^\s*(\w+):\s*[`']([^`']+)[`']/gm)) {
    const p = m[2].replace(/\$\{(\w+)\}/g, (_, name) => consts[name] ?? '')
    if (new RegExp(`\\bApi\\.${m[1]}\\b`).test(serverRoutesText)) calls.set(m[1], p)
  }
  return calls
}

function filesUnder(rel) {
  const out = []
  for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const p = path.join(rel, e.name)
    if (e.isDirectory()) out.push(...filesUnder(p))
    else if (e.name.endsWith('.ts')) out.push(p)
  }
  return out
}

const ROUTES = registeredRoutes(read('src/lib/route-list.ts'))
const CALLS = registeredCalls(read('types/routes.ts'), filesUnder('server/src/routes').map(read).join('\n'))
/** the staff console is registered when buildApp installs it (server/src/app.ts, decision 020) */
const ADMIN = /installStaticAdmin\(app/.test(read('server/src/app.ts'))

// ---- what a sentence names ------------------------------------------------------------------------------------------

/** The registered route or call a backticked token or bare hyphenated route name stands for, or null. */
function registeredName(token) {
  const t = token
    .replace(/^(GET|POST)\s+/, '')
    .replace(/^[PS]\//, '')
    .replace(/^\/+/, '')
    .split(/[?\s{]/)[0]
    .replace(/\/+$/, '')
  if (!t) return null
  const prefix = t.endsWith('*') ? t.replace(/\/?\*+$/, '') : null
  if (prefix !== null) {
    if (!prefix) return null
    for (const r of ROUTES)
      if (r === prefix || r.startsWith(prefix + '/') || (t.endsWith('-*') || !t.includes('/') ? r.startsWith(prefix) : false))
        return `route ${r}`
    return null
  }
  if (ROUTES.has(t)) return `route ${t}`
  if (CALLS.has(t)) return `call ${t} (${CALLS.get(t)})`
  for (const [key, p] of CALLS) if (t.includes('/') && p.endsWith('/' + t)) return `call ${key} (${p})`
  for (const [key, p] of CALLS) if (/^\w+$/.test(t) && p.endsWith('/' + t)) return `call ${key} (${p})`
  return null
}

/**
 * Product words of README's opening paragraph (and any status sentence), each with what makes it built. Small and
 * explicit on purpose: add a word when the README names a new part of the product.
 */
const KEYWORDS = [
  { words: /\btrees?\b|tree naming/i, built: () => (ROUTES.has('tree-naming') ? 'route tree-naming' : null) },
  { words: /\bbuildings?\b/i, built: () => (ROUTES.has('build-naming-map') ? 'route build-naming-map' : null) },
  { words: /\bwalls?\b(?! of)|\bbricks?\b/i, built: () => (ROUTES.has('wall-naming-map') ? 'route wall-naming-map' : null) },
  { words: /\bartworks?\b/i, built: () => (ROUTES.has('naming-xbmu') ? 'route naming-xbmu' : null) },
  { words: /\btax tool\b|税/i, built: () => (ROUTES.has('tax-tool') ? 'route tax-tool' : null) },
  {
    words: /\bagreements?\b|\bcontracts?\b|协议/i,
    built: () =>
      CALLS.has('hhuAgreementGeneration') && ROUTES.has('contract-cpu') ? 'call hhuAgreementGeneration, route contract-cpu' : null
  },
  {
    words: /joint[- ]donation(s)? launch|launch(ing)?\b[^.]{0,40}\bjoint[- ]donations?|一起捐/i,
    built: () => (ROUTES.has('together') && CALLS.has('insertTogether') ? 'route together, call insertTogether' : null)
  },
  {
    words: /staff (web )?console|staff web pages?|管理后台/i,
    built: () => (ADMIN ? 'the staff console at /admin/ (server/src/app.ts)' : null)
  }
]

// ---- which sentences claim "unbuilt" ------------------------------------------------------------------------------

/**
 * "not yet" as a status (followed by punctuation, markup, a parenthesis or "built"), not as a plain phrase ("gifts
 * not yet applied for"); "not built"; "no X yet"; 尚未 + a build word (not 尚未开始募捐, a message); 即将上线 / coming soon.
 */
const UNBUILT =
  /\bnot yet\b(?=\s*(?:$|[:.,;)|*(]|built|open|implemented|available|supported|done|tappable|there))|\bnot built\b|\b(?:has|have|with) no\b[^.;|]{0,80}\byet\b|\(no [^.;|)]{0,60}\byet\)|尚未(?:上线|实现|开发|建|开放|支持|完成)|即将上线|coming soon/i

/** Text in double quotes is what a screen says ("not yet obtained"), not a status claim. */
const unquote = (s) => s.replace(/"[^"\n]*"|“[^”\n]*”/g, (q) => ' '.repeat(q.length))

/**
 * Units of a markdown file with the line each character came from: every table row, heading and list item (with its
 * continuation lines) and every paragraph, split into sentences. Code fences are skipped.
 */
function sentences(text) {
  const blocks = []
  let cur = null
  let fence = false
  let heading = ''
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      fence = !fence
      cur = null
      return
    }
    if (fence) return
    if (!line.trim()) {
      cur = null
      return
    }
    if (/^#/.test(line)) heading = line.replace(/^#+\s*/, '')
    const starts = /^\s*(\||#|[-*] |\d+\. )/.test(line)
    if (!cur || starts || /^\s*\|/.test(line) || cur.table) {
      cur = { parts: [], table: /^\s*\|/.test(line), heading }
      blocks.push(cur)
    }
    cur.parts.push({ line: i + 1, text: line })
  })
  const out = []
  for (const b of blocks) {
    let joined = ''
    const lineAt = []
    for (const p of b.parts) {
      if (joined) {
        joined += ' '
        lineAt.push(p.line)
      }
      joined += p.text
      for (let k = 0; k < p.text.length; k++) lineAt.push(p.line)
    }
    const cuts = b.table ? [] : [...joined.matchAll(/[.!?。](?=\s+[A-Z*_`"(\u4e00-\u9fff])|。/g)].map((m) => m.index + 1)
    let from = 0
    for (const to of [...cuts, joined.length]) {
      const start = from
      out.push({ text: joined.slice(start, to), heading: b.heading, lineOf: (k) => lineAt[start + k] ?? lineAt[lineAt.length - 1] })
      from = to
    }
  }
  return out
}

/** Problems in one markdown text: a sentence that calls something unbuilt while naming something registered. */
function findFalseClaims(file, text, { keywords = true } = {}) {
  const problems = []
  for (const s of sentences(text)) {
    const plain = unquote(s.text)
    const marker = UNBUILT.exec(plain)
    if (!marker) continue
    const named = new Set()
    for (const m of plain.matchAll(/`([^`]+)`/g)) {
      const r = registeredName(m[1])
      if (r) named.add(r)
    }
    for (const m of plain.replace(/`[^`]*`/g, ' ').matchAll(/(?<![\w/.-])([a-z]+(?:-[a-zA-Z]+)+(?:\/[\w-]+)?)(?![\w/-])/g)) {
      if (ROUTES.has(m[1])) named.add(`route ${m[1]}`)
    }
    if (keywords) {
      for (const k of KEYWORDS) {
        // the sentence, or the heading it stands under ("## Artwork" then "**Not yet**: at most three works")
        const w = k.words.exec(plain) || k.words.exec(s.heading)
        const b = w && k.built()
        if (b) named.add(`"${w[0]}" (${b})`)
      }
    }
    for (const n of named) {
      problems.push(`${file}:${s.lineOf(marker.index)}: says "${marker[0].trim()}" but ${n} is registered: ${s.text.trim().slice(0, 160)}`)
    }
  }
  return problems
}

/** README's opening: everything between the title and "## Run". */
function readmeOpening(text) {
  const end = text.indexOf('\n## Run')
  return end < 0 ? text : text.slice(0, end)
}

// ---- tests ----------------------------------------------------------------------------------------------------------

test('the parsers find the registered routes, calls and the staff console', () => {
  assert.ok(ROUTES.size >= 60, `only ${ROUTES.size} routes parsed from src/lib/route-list.ts`)
  for (const r of [
    'home',
    'tax-tool',
    'together',
    'together-share',
    'tree-naming',
    'naming-xbmu',
    'contract-cpu',
    'seat-naming-jnu/success'
  ]) {
    assert.ok(ROUTES.has(r), `route ${r} not parsed`)
  }
  assert.ok(CALLS.size >= 80, `only ${CALLS.size} calls parsed from types/routes.ts and server/src/routes`)
  assert.equal(CALLS.get('insertTogether'), '/uplus-foundation/app/v1/donateu/together/insertTogether')
  assert.ok(ADMIN, 'server/src/app.ts no longer installs the staff console')
})

test('no status sentence in README.md or docs/product calls a registered route, call or product part unbuilt', () => {
  const files = [
    'README.md',
    ...fs
      .readdirSync(path.join(root, 'docs/product'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/product/${f}`)
  ]
  const problems = files.flatMap((f) => findFalseClaims(f, read(f)))
  assert.deepEqual(problems, [], `\n${problems.join('\n')}\nCorrect the status (built / partly, naming what is missing) or the claim.`)
})

test("README's opening paragraph calls none of the product words unbuilt", () => {
  const problems = findFalseClaims('README.md', readmeOpening(read('README.md')))
  assert.deepEqual(problems, [], problems.join('\n'))
})

test('the checker catches the claims the docs used to make, and lets plain phrases through', () => {
  const caught = (md) => findFalseClaims('sample.md', md)
  // README's opening before the docs were corrected
  assert.deepEqual(
    caught(
      'name seats and books.\nTree, building, wall and\nartwork naming on campus maps, joint-donation launch pages, the tax tool and agreements are not built yet.'
    ).map((p) => /"([^"]+)" \(/.exec(p)[1].toLowerCase()),
    ['tree', 'building', 'wall', 'artwork', 'tax tool', 'agreements', 'joint-donation launch']
  )
  // docs/product §2 route table and paragraphs as they were
  assert.match(
    caught('| `together`, `together-share`, `together-list` | `id` | joint donation launch | not yet |')[0],
    /sample\.md:1: .*route together/
  )
  assert.match(caught('| `tax-tool`, `tax-result` | | tax tool | not yet |').join('\n'), /route tax-result/)
  assert.match(caught('**Not yet** (`tax-tool`, `tax-result`). The constants are in §9.').join('\n'), /route tax-tool/)
  assert.match(
    caught('Built: the tab. Not yet: the launch page (`together?id`: initiator,\nslogan, target), the donor list `together-list?id`.').join(
      '\n'
    ),
    /sample\.md:1: says "Not yet" but route together is/
  )
  assert.match(
    caught('The server has no `together/insertTogether`, `launchDetail` or\n`delete` yet.').join('\n'),
    /sample\.md:1: .*call insertTogether/
  )
  assert.match(
    caught('seat campaign. **Not yet:** the tree,\nbuilding, wall and artwork campaigns.').join('\n'),
    /sample\.md:1: .*route tree-naming/
  )
  assert.match(caught('small HTTP API (no staff web pages yet).').join('\n'), /staff console/)
  assert.match(caught('**Not yet:** a staff web console, approving messages').join('\n'), /staff console/)
  assert.match(
    caught('## Artwork\n\n**Not yet**: at most three works, the price per work by how many are chosen.').join('\n'),
    /sample\.md:3: .*artwork/i
  )
  assert.match(caught('## Joint donation launch\n\n**Not yet**: initiator and slogan required.').join('\n'), /route together/)
  assert.match(caught('| tax tool | not yet | [§2 Tax tool](02-screens-and-routes.md#tax-tool) |').join('\n'), /tax-tool/)
  assert.match(
    caught('no screen reads it yet (the cpu contract form that prefills from it is not built).').join('\n'),
    /agreement|contract/
  )
  assert.match(
    caught('| 取消成功 | cancelling a joint donation | not yet (the same message answers `cancel` of an order) |').join('\n'),
    /call cancel/
  )
  // plain phrases and messages are not status claims
  assert.deepEqual(caught('- **Award** (`award?id`): the time it was earned, or "not yet obtained".'), [])
  assert.deepEqual(caught('`P/certificate/page`, `stay/page` (gifts not yet applied for), `detail?id`. **Built.**'), [])
  assert.deepEqual(caught('before the start 该项目尚未开始募捐，{date}起可捐赠 (`donate` refuses it). **Built.**'), [])
  assert.deepEqual(caught('A button to a route not registered in `src/lib/routes.ts` toasts 即将上线.'), [])
  assert.deepEqual(caught('```\nnot yet `tax-tool`\n```'), [])
})
