/** PNG files for upload tests, encoded here: a width × height picture in two colours. */
import { crc32, deflateSync } from "node:zlib"

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** An RGB PNG, the top half `top` and the bottom half `bottom` (`[r, g, b]`). */
export const png = (width: number, height: number, top: readonly [number, number, number], bottom: readonly [number, number, number]): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.alloc(height * (1 + width * 3))
  for (let y = 0; y < height; y++) {
    const colour = y < height / 2 ? top : bottom
    const start = y * (1 + width * 3)
    for (let x = 0; x < width; x++) rows.set(colour, start + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0))
  ])
}
