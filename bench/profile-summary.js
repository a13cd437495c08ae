#!/usr/bin/env node
/**
 * Reads a V8 CPU profile (`node --cpu-prof`, e.g. from `node bench/browse.js --profile DIR`) and prints where the
 * time went: self time summed per function and per file (node_modules packages grouped by package), top N each.
 * Usage: node bench/profile-summary.js FILE.cpuprofile [top=25]
 */
const fs = require('node:fs')

const file = process.argv[2]
const top = Number(process.argv[3] || 25)
if (!file) {
  console.error('usage: node bench/profile-summary.js FILE.cpuprofile [top]')
  process.exit(2)
}
const prof = JSON.parse(fs.readFileSync(file, 'utf8'))
const byId = new Map(prof.nodes.map((n) => [n.id, n]))
// samples[i] was taken in node samples[i]; timeDeltas[i] is the time since the previous sample
const self = new Map()
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0))
const total = [...self.values()].reduce((a, b) => a + b, 0)

function where(url) {
  if (!url) return '(native/V8)'
  const u = url.replace(/^file:\/\//, '')
  const nm = u.lastIndexOf('/node_modules/')
  if (nm >= 0) {
    const rest = u.slice(nm + 14).split('/')
    return `pkg ${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`
  }
  const i = u.indexOf('/server/src/')
  return i >= 0 ? u.slice(i + 1) : u.startsWith('node:') ? u : u.replace(/^.*\/(lib|internal)\//, 'node:$1/')
}

const fns = new Map()
const files = new Map()
for (const [id, us] of self) {
  const n = byId.get(id)
  const cf = n.callFrame
  const w = where(cf.url)
  const fn = `${cf.functionName || '(anonymous)'}  ${w}${cf.url ? `:${cf.lineNumber + 1}` : ''}`
  fns.set(fn, (fns.get(fn) ?? 0) + us)
  files.set(w, (files.get(w) ?? 0) + us)
}
const print = (title, m) => {
  console.log(`\n${title}`)
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples`)
print('self time per file / package', files)
print('self time per function', fns)
