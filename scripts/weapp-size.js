#!/usr/bin/env node
// Prints the weapp main-package size (everything in dist/weapp outside the pkg-* subpackages) and each
// subpackage; exits 1 when the main package reaches WeChat's hard limit of 2 MB.
const fs = require('node:fs')
const path = require('node:path')

const dist = path.resolve(__dirname, '..', process.argv[2] || 'dist/weapp')
const LIMIT = 2 * 1024 * 1024
if (!fs.existsSync(dist)) {
  console.error(`[size] ${dist} does not exist: run npm run build:weapp first`)
  process.exit(1)
}
function size(p) {
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.size
  return fs.readdirSync(p).reduce((s, f) => s + size(path.join(p, f)), 0)
}
const entries = fs.readdirSync(dist)
const subs = entries.filter((e) => e.startsWith('pkg-'))
const main = entries.filter((e) => !e.startsWith('pkg-') && !e.endsWith('.map')).reduce((s, e) => s + size(path.join(dist, e)), 0)
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log(`[size] weapp main package: ${kb(main)} (limit ${kb(LIMIT)}, ${((main / LIMIT) * 100).toFixed(1)}% used)`)
for (const s of subs) console.log(`[size] subpackage ${s}: ${kb(size(path.join(dist, s)))}`)
if (main >= LIMIT) {
  console.error("[size] the weapp main package is over WeChat's 2 MB limit")
  process.exit(1)
}
