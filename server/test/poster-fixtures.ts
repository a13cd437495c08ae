/**
 * Reading a share poster back (docs/decisions/084-joint-invite-poster-and-link.md): the PNG decoded, its size, the
 * colour of its top-left corner (the school's band) and how many QR modules differ from those of an expected address
 * (0: the code carries exactly that address; another address gives another matrix). The QR code's place is the
 * layout's: 300 px wide with its quiet zone, centred, from y 780.
 */
import assert from 'node:assert/strict'

export async function readPoster(base64: string) {
  const png = Buffer.from(base64, 'base64')
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG')
  const { loadImage, createCanvas } = await import('@napi-rs/canvas')
  const { default: qrcode } = await import('qrcode-generator')
  const img = await loadImage(png)
  const g = createCanvas(img.width, img.height).getContext('2d')
  g.drawImage(img, 0, 0)
  const px = g.getImageData(8, 8, 1, 1).data
  return {
    size: [img.width, img.height],
    /** '#rrggbb' of the band */
    corner: `#${[px[0], px[1], px[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`,
    qrMismatches(url: string): number {
      const qr = qrcode(0, 'M')
      qr.addData(url)
      qr.make()
      const n = qr.getModuleCount()
      const cell = Math.floor(300 / (n + 8))
      const qx = Math.round((750 - cell * (n + 8)) / 2)
      let mismatches = 0
      for (let row = 0; row < n; row++)
        for (let col = 0; col < n; col++) {
          const d = g.getImageData(qx + (col + 4) * cell + Math.floor(cell / 2), 780 + (row + 4) * cell + Math.floor(cell / 2), 1, 1).data
          if (d[0] < 128 !== qr.isDark(row, col)) mismatches++
        }
      return mismatches
    }
  }
}
