/**
 * Minimal PNG encoder (RGB, 8 bit) with node:zlib: seed images are generated locally, never fetched.
 * Draws a diagonal gradient with optional circles and stripes so each image is recognisably different.
 */
import { deflateSync } from 'node:zlib'

type Rgb = [number, number, number]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const x of buf) c = CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

export interface PngSpec {
  width: number
  height: number
  from: Rgb
  to: Rgb
  circles?: { x: number; y: number; r: number; color: Rgb }[]
  stripes?: { every: number; color: Rgb }
}

export function hex(color: string): Rgb {
  const n = parseInt(color.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function renderPng(s: PngSpec): Buffer {
  const { width: w, height: h } = s
  const raw = Buffer.alloc((w * 3 + 1) * h)
  const circles = s.circles ?? []
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < w; x++) {
      // Plain numbers in this loop: it runs for every pixel of every seed image.
      const k = (x / w + y / h) / 2
      let r = s.from[0] + (s.to[0] - s.from[0]) * k
      let g = s.from[1] + (s.to[1] - s.from[1]) * k
      let b = s.from[2] + (s.to[2] - s.from[2]) * k
      if (s.stripes && Math.floor((x + y) / s.stripes.every) % 2 === 0) {
        const c = s.stripes.color
        r = r * 0.88 + c[0] * 0.12
        g = g * 0.88 + c[1] * 0.12
        b = b * 0.88 + c[2] * 0.12
      }
      for (const c of circles) {
        if ((x - c.x) ** 2 + (y - c.y) ** 2 <= c.r ** 2) {
          r = r * 0.45 + c.color[0] * 0.55
          g = g * 0.45 + c.color[1] * 0.55
          b = b * 0.45 + c.color[2] * 0.55
        }
      }
      const o = row + 1 + x * 3
      raw[o] = Math.round(r)
      raw[o + 1] = Math.round(g)
      raw[o + 2] = Math.round(b)
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // colour type RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0))
  ])
}
