/**
 * A small zip reader for Alipay's bill archive (docs/decisions/038-bill-reconciliation.md), on node:zlib: the
 * central directory at the end names each member, its method (0 stored, 8 deflate) and sizes; the data is inflated
 * with inflateRaw and checked against the stored CRC-32. Names are UTF-8 when the entry says so (flag bit 11),
 * otherwise GBK, which is how Alipay's archives name their Chinese files. Zip64, encryption and multi-disk archives
 * are refused: a day's bill is far below 4 GB.
 */
import { crc32, inflateRawSync } from 'node:zlib'

export interface ZipEntry {
  name: string
  data: Buffer
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
/** members larger than this are refused (a bill file of a school's day is kilobytes) */
const MAX_MEMBER_BYTES = 64 * 1024 * 1024

export class ZipError extends Error {
  constructor(message: string) {
    super(`zip: ${message}`)
    this.name = 'ZipError'
  }
}

function endOfCentralDirectory(buf: Buffer): number {
  // the record is 22 bytes plus a comment of at most 65535
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) if (buf.readUInt32LE(i) === EOCD) return i
  throw new ZipError('end of central directory not found')
}

export function readZip(buf: Buffer): ZipEntry[] {
  const eocd = endOfCentralDirectory(buf)
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  if (buf.readUInt16LE(eocd + 4) !== 0 || p === 0xffffffff) throw new ZipError('multi-disk or zip64 archive')
  const gbk = new TextDecoder('gbk')
  const out: ZipEntry[] = []
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipError('bad central directory entry')
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const crc = buf.readUInt32LE(p + 16)
    const packed = buf.readUInt32LE(p + 20)
    const size = buf.readUInt32LE(p + 24)
    const nameLen = buf.readUInt16LE(p + 28)
    const skip = nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
    const local = buf.readUInt32LE(p + 42)
    const rawName = buf.subarray(p + 46, p + 46 + nameLen)
    const name = flags & 0x800 ? rawName.toString('utf8') : gbk.decode(rawName)
    p += 46 + skip
    if (name.endsWith('/')) continue
    if (flags & 1) throw new ZipError(`${name} is encrypted`)
    if (size > MAX_MEMBER_BYTES) throw new ZipError(`${name} is too large`)
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new ZipError(`${name}: bad local header`)
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    const body = buf.subarray(start, start + packed)
    if (body.length !== packed) throw new ZipError(`${name} is truncated`)
    let data: Buffer
    if (method === 0) data = Buffer.from(body)
    else if (method === 8) data = inflateRawSync(body, { maxOutputLength: MAX_MEMBER_BYTES })
    else throw new ZipError(`${name}: compression method ${method}`)
    if (data.length !== size || crc32(data) !== crc) throw new ZipError(`${name}: CRC or size mismatch`)
    out.push({ name, data })
  }
  return out
}
