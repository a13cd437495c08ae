#!/usr/bin/env node
/**
 * Contact sheets: the twelve tour pages (test/e2e/lib/page-tour.js) of every demo school in Chinese and
 * English, at 390x844 (phone, DPR 2) and at 1280x800 (desktop, the QR card closed), one PNG per school and language:
 * the phone shots in two rows of six, the desktop shots below in three rows of four, each titled under its thumbnail.
 * A page the school cannot have is a tile that says why.
 *
 *   node scripts/contact-sheet.js [outDir] [--schools demo,hhu] [--langs zh,en] [--desktop-schools demo | --no-desktop]
 *                                 [--keep-shots DIR]
 *
 * outDir defaults to docs/screenshots/contact/. The server is started as README says (scripts/start.js, fresh
 * DATA_DIR) on this tree's built dist/h5 (`npm run build:h5` first, or start.js builds it). --keep-shots writes the
 * full-size screenshots too, for looking closely. Prints the files written.
 */
const fs = require('node:fs')
const path = require('node:path')
const { createCanvas, loadImage } = require('@napi-rs/canvas')
const { launchChromium } = require('../test/e2e/harness')
const { startServer } = require('../test/mini/server')
const { PAGES, prepareTour, visit } = require('../test/e2e/lib/page-tour')

const root = path.resolve(__dirname, '..')
const SCHOOLS = ['demo', 'hhu', 'cpu', 'fzu']
const LANGS = ['zh', 'en']
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

function parseArgs(argv) {
  const opts = {
    out: path.join(root, 'docs', 'screenshots', 'contact'),
    schools: SCHOOLS,
    langs: LANGS,
    desktopSchools: SCHOOLS,
    keep: ''
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--schools') opts.schools = argv[++i].split(',')
    else if (a === '--langs') opts.langs = argv[++i].split(',')
    else if (a === '--no-desktop') opts.desktopSchools = []
    else if (a === '--desktop-schools') opts.desktopSchools = argv[++i].split(',')
    else if (a === '--keep-shots') opts.keep = path.resolve(argv[++i])
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`)
    else opts.out = path.resolve(a)
  }
  return opts
}

// ------------------------------------------------------------------ the sheet

const FONT = '"WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif'
const GAP = 14
const LABEL = 34

/** Wraps `text` into lines no wider than `width`: at spaces where there are any, else at any character (Chinese). */
function wrap(g, text, width) {
  const lines = []
  let line = ''
  for (const unit of text.match(/\S+\s*|\s+/g) || []) {
    const pieces = g.measureText(unit).width > width ? [...unit] : [unit]
    for (const p of pieces) {
      if (g.measureText(line + p).width > width && line) {
        lines.push(line.trimEnd())
        line = p.trimStart()
      } else line += p
    }
  }
  if (line) lines.push(line)
  return lines
}

/** One section of tiles: `shots` [{ title, png | reason }], thumbnails of tile.w x tile.h, `cols` a row. */
async function drawSection(g, y, heading, shots, tile, cols, x0) {
  g.fillStyle = '#222'
  g.font = `bold 22px ${FONT}`
  g.fillText(heading, x0, y + 24)
  y += 40
  for (let i = 0; i < shots.length; i++) {
    const s = shots[i]
    const x = x0 + (i % cols) * (tile.w + GAP)
    const ty = y + Math.floor(i / cols) * (tile.h + LABEL + GAP)
    g.fillStyle = '#fff'
    g.fillRect(x, ty, tile.w, tile.h)
    if (s.png) {
      g.drawImage(await loadImage(s.png), x, ty, tile.w, tile.h)
    } else {
      g.fillStyle = '#fdecea'
      g.fillRect(x, ty, tile.w, tile.h)
      g.fillStyle = '#8a1c1c'
      g.font = `bold 14px ${FONT}`
      g.fillText(s.error ? 'FAILED' : 'NOT AVAILABLE', x + 8, ty + 24)
      g.font = `12px ${FONT}`
      wrap(g, s.reason, tile.w - 16)
        .slice(0, Math.floor((tile.h - 40) / 16))
        .forEach((l, k) => g.fillText(l, x + 8, ty + 46 + k * 16))
    }
    g.strokeStyle = '#bbb'
    g.lineWidth = 1
    g.strokeRect(x + 0.5, ty + 0.5, tile.w - 1, tile.h - 1)
    g.fillStyle = '#222'
    g.font = `15px ${FONT}`
    g.fillText(`${i + 1}. ${s.title}`, x + 2, ty + tile.h + 20)
  }
  return y + Math.ceil(shots.length / cols) * (tile.h + LABEL + GAP)
}

async function composeSheet(file, heading, phone, desktop) {
  const phoneTile = { w: 195, h: 422 }
  const deskTile = { w: 300, h: 188 }
  const width = GAP * 2 + Math.max(6 * (phoneTile.w + GAP), 4 * (deskTile.w + GAP))
  const phoneH = 40 + 2 * (phoneTile.h + LABEL + GAP)
  const deskH = desktop.length ? 40 + Math.ceil(desktop.length / 4) * (deskTile.h + LABEL + GAP) : 0
  const height = 60 + phoneH + deskH + GAP
  const canvas = createCanvas(width, height)
  const g = canvas.getContext('2d')
  g.fillStyle = '#eef0f3'
  g.fillRect(0, 0, width, height)
  g.fillStyle = '#111'
  g.font = `bold 26px ${FONT}`
  g.fillText(heading, GAP, 38)
  let y = 56
  y = await drawSection(g, y, 'Phone 390x844', phone, phoneTile, 6, GAP)
  if (desktop.length) await drawSection(g, y, 'Desktop 1280x800', desktop, deskTile, 4, GAP)
  fs.writeFileSync(file, await canvas.encode('png'))
}

// ------------------------------------------------------------------ the tour

async function shoot(tour, lang, viewport, keepDir, label) {
  const context = await tour.newContext({ lang, viewport, deviceScaleFactor: viewport.width < 768 ? 2 : 1 })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shots = []
  try {
    for (const def of PAGES) {
      const title = def.title[lang]
      try {
        const r = await visit(page, def, tour.ctx, { lang })
        if (!r.shown) {
          shots.push({ key: def.key, title, reason: r.reason })
          console.log(`  ${label} ${def.key}: not available: ${r.reason}`)
          continue
        }
        const png = await page.screenshot()
        if (keepDir) fs.writeFileSync(path.join(keepDir, `${label}-${def.key}.png`), png)
        shots.push({ key: def.key, title, png })
      } catch (e) {
        const reason = e.message.split('\n')[0]
        console.log(`  ${label} ${def.key}: FAILED: ${reason}`)
        shots.push({ key: def.key, title, reason, error: true })
      }
    }
  } finally {
    await context.close()
  }
  if (errors.length) console.log(`  ${label}: page errors: ${[...new Set(errors)].join(' | ')}`)
  return shots
}

;(async () => {
  const opts = parseArgs(process.argv.slice(2))
  fs.mkdirSync(opts.out, { recursive: true })
  if (opts.keep) fs.mkdirSync(opts.keep, { recursive: true })
  // a generous start: on a loaded machine the server's first start (migrations, seed, images) takes minutes
  const server = await startServer({ command: [process.execPath, path.join(root, 'scripts', 'start.js')], startTimeoutMs: 600000 })
  const browser = await launchChromium()
  const written = []
  let failed = 0
  try {
    for (const school of opts.schools) {
      for (const lang of opts.langs) {
        // a tour per language: its orders are placed in that language, as its reader places them (the cashier shows
        // the payment's description written then; decision 073)
        const tour = await prepareTour({ origin: server.origin, school, browser, orderLang: lang === 'en' ? 'en' : 'zh_CN' })
        const label = `${school}-${lang}`
        console.log(`${label}: phone`)
        const phone = await shoot(tour, lang, PHONE, opts.keep, `${label}-phone`)
        let desktop = []
        if (opts.desktopSchools.includes(school)) {
          console.log(`${label}: desktop`)
          desktop = await shoot(tour, lang, DESKTOP, opts.keep, `${label}-desktop`)
        }
        failed += [...phone, ...desktop].filter((s) => s.error).length
        const file = path.join(opts.out, `${school}-${lang}.png`)
        await composeSheet(file, `${school} · ${lang === 'en' ? 'English' : '中文'} · ${tour.ctx.projectName}`, phone, desktop)
        written.push(file)
        console.log(`wrote ${path.relative(root, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`)
      }
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.log(`contact sheets: ${written.length} written, ${failed} page(s) failed`)
  for (const f of written) console.log(f)
  process.exit(failed ? 1 : 0)
})().catch((e) => {
  console.error(e)
  process.exit(1)
})
