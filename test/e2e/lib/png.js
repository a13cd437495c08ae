/**
 * A PNG made here, with no image library (the avatar editor's journeys: center.e2e.js, and the cropper state of the
 * accessibility walk, dialog-states.js).
 *
 *   const { makePng } = require('./lib/png')
 *   chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(1200, 900) })
 */
const zlib = require('node:zlib')

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
/** An RGB PNG: a diagonal gradient with a bright disc, so a crop is visibly a crop. */
function makePng(width, height) {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0
    for (let x = 0; x < width; x++) {
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2
      const i = row + 1 + x * 3
      raw[i] = inDisc ? 250 : Math.round((200 * x) / width)
      raw[i + 1] = inDisc ? 200 : Math.round((160 * y) / height)
      raw[i + 2] = inDisc ? 60 : 180
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0))
  ])
}

module.exports = { makePng }
