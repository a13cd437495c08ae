#!/usr/bin/env node
// Rebuilds vendor/taro-ui-3.3.2-uplus-peers.tgz from the registry's taro-ui 3.3.2: the same files, with one change to
// package.json. taro-ui 3.3.2 lists as peers the build plugins of every platform it supports (jd, qq, swan, tt, as
// required peers) and React Native's (@tarojs/taro-rn required, react-native and react-native-modal optional). Without
// legacy-peer-deps npm resolves every peer, optional ones included, to check them for conflicts: @tarojs/taro-rn brings
// Expo 50 and React Native, whose React 19 conflicts with the app's React 18 (ERESOLVE). The repack drops those seven
// peers; the ones this app builds with (weapp, alipay, h5, components, react, react-dom, taro) stay, so npm still checks
// them. docs/decisions/053-node-22.md.
//
// Usage: node scripts/repack-taro-ui.js, then npm install (the lockfile records the tarball's integrity).
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const VERSION = '3.3.2'
// the registry's taro-ui 3.3.2, as package-lock.json recorded it before the repack
const INTEGRITY = 'sha512-O/eLYcyGUgClJZO8w04OYX3KnbmySHRideIKs95YsstQC8SUAlNscBLOiEZzXfclzhFv8wvZAnxRvfK2/7s1OQ=='
const DROPPED = [
  '@tarojs/plugin-platform-jd',
  '@tarojs/plugin-platform-qq',
  '@tarojs/plugin-platform-swan',
  '@tarojs/plugin-platform-tt',
  '@tarojs/taro-rn',
  'react-native',
  'react-native-modal'
]
const out = path.resolve(__dirname, '..', 'vendor', `taro-ui-${VERSION}-uplus-peers.tgz`)

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-ui-repack-'))
try {
  const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  const [packed] = JSON.parse(npm(['pack', `taro-ui@${VERSION}`, '--json', '--ignore-scripts'], tmp))
  if (packed.integrity !== INTEGRITY) throw new Error(`unexpected integrity ${packed.integrity}`)
  execFileSync('tar', ['-xzf', packed.filename], { cwd: tmp })
  const dir = path.join(tmp, 'package')
  const pkgPath = path.join(dir, 'package.json')
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'))
  for (const name of DROPPED) {
    if (!pkg.peerDependencies[name]) throw new Error(`taro-ui@${VERSION} has no peer ${name}`)
    delete pkg.peerDependencies[name]
    if (pkg.peerDependenciesMeta) delete pkg.peerDependenciesMeta[name]
  }
  if (pkg.peerDependenciesMeta && Object.keys(pkg.peerDependenciesMeta).length === 0) delete pkg.peerDependenciesMeta
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n')
  const [repacked] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], dir))
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.copyFileSync(path.join(tmp, repacked.filename), out)
  console.log(`[repack] ${path.relative(process.cwd(), out)}: ${repacked.entryCount} files, ${repacked.integrity}`)
} finally {
  fs.rmSync(tmp, { recursive: true, force: true })
}
