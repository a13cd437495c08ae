#!/usr/bin/env node
// `npm run dev:h5`: the API server on PORT (default 3000) plus Taro's H5 watch build into dist/h5, which the
// server serves; reload the browser after a rebuild. Both stop with Ctrl-C.
const { spawn } = require('node:child_process')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const bin = (n) => path.join(root, 'node_modules', '.bin', n)
const children = [
  spawn(bin('tsx'), ['watch', path.join(root, 'server', 'src', 'main.ts')], { cwd: root, stdio: 'inherit', env: process.env }),
  spawn(bin('taro'), ['build', '--type', 'h5', '--watch'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' }
  })
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop()
      process.exit(code)
    }
  })
)
