/**
 * Draws the tab bar's icons (src/app.config.ts tabBar): 81x81 PNGs as WeChat and Alipay ask for, grey when idle and
 * in the default theme colour when selected (src/styles/theme.ts DEFAULT_THEME_COLOR). Run after changing a shape:
 * `node scripts/make-tab-icons.js`; the PNGs are committed, so builds need no canvas.
 */
const fs = require('node:fs')
const path = require('node:path')
const { createCanvas } = require('@napi-rs/canvas')

const SIZE = 81
const IDLE = '#8a9099' // tokens $gray-650 ($color-text-muted)
const SELECTED = '#c8102e' // tokens $theme-default
const out = path.join(__dirname, '..', 'src', 'components', 'tab-bar', 'icons')

const shapes = {
  // a house: roof and body with a door
  home(ctx) {
    ctx.beginPath()
    ctx.moveTo(12, 38)
    ctx.lineTo(40.5, 13)
    ctx.lineTo(69, 38)
    ctx.stroke()
    ctx.beginPath()
    ctx.moveTo(20, 32)
    ctx.lineTo(20, 68)
    ctx.lineTo(61, 68)
    ctx.lineTo(61, 32)
    ctx.stroke()
    ctx.strokeRect(34, 48, 13, 20)
  },
  // projects: a heart (giving)
  project(ctx) {
    ctx.beginPath()
    ctx.moveTo(40.5, 67)
    ctx.bezierCurveTo(8, 46, 10, 18, 28, 17)
    ctx.bezierCurveTo(35, 17, 39, 21, 40.5, 26)
    ctx.bezierCurveTo(42, 21, 46, 17, 53, 17)
    ctx.bezierCurveTo(71, 18, 73, 46, 40.5, 67)
    ctx.closePath()
    ctx.stroke()
  },
  // directory: an open book
  directory(ctx) {
    ctx.beginPath()
    ctx.moveTo(40.5, 22)
    ctx.lineTo(40.5, 66)
    ctx.moveTo(40.5, 22)
    ctx.quadraticCurveTo(28, 14, 11, 18)
    ctx.lineTo(11, 62)
    ctx.quadraticCurveTo(28, 58, 40.5, 66)
    ctx.quadraticCurveTo(53, 58, 70, 62)
    ctx.lineTo(70, 18)
    ctx.quadraticCurveTo(53, 14, 40.5, 22)
    ctx.stroke()
  },
  // mine: a person
  mine(ctx) {
    ctx.beginPath()
    ctx.arc(40.5, 28, 13, 0, Math.PI * 2)
    ctx.stroke()
    ctx.beginPath()
    ctx.moveTo(14, 69)
    ctx.bezierCurveTo(16, 52, 27, 46, 40.5, 46)
    ctx.bezierCurveTo(54, 46, 65, 52, 67, 69)
    ctx.stroke()
  }
}

fs.mkdirSync(out, { recursive: true })
for (const [name, draw] of Object.entries(shapes)) {
  for (const [suffix, color] of [
    ['', IDLE],
    ['-on', SELECTED]
  ]) {
    const canvas = createCanvas(SIZE, SIZE)
    const ctx = canvas.getContext('2d')
    ctx.strokeStyle = color
    ctx.lineWidth = 5.5
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    draw(ctx)
    const file = path.join(out, `${name}${suffix}.png`)
    fs.writeFileSync(file, canvas.toBuffer('image/png'))
    console.log(`${path.relative(process.cwd(), file)} ${fs.statSync(file).size} B`)
  }
}
