#!/usr/bin/env node
// `npm start`: build the H5 app if it is not built yet, then run the API server, which serves the app at /,
// the runtime config and the APIs (PORT, HOST, DATA_DIR, DATABASE_URL: README "Configuration").
const { spawnSync, spawn } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const h5Index = path.join(root, 'dist', 'h5', 'index.html')

if (!fs.existsSync(h5Index)) {
  console.log('[start] dist/h5 not found: building the H5 app once (about a minute)…')
  const r = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' }
  })
  if (r.status !== 0 || !fs.existsSync(h5Index)) {
    console.error('[start] the H5 build failed; see the output above')
    process.exit(1)
  }
}

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
