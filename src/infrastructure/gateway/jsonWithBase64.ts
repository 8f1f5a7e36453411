import { Buffer } from "node:buffer"

/** Bytes encoded per piece: a multiple of 3, so the pieces' base64 joins without padding between them. */
const PIECE_BYTES = 3 * 256 * 1024

/** Where the file's base64 goes: a key no JSON string can hold unescaped (its quotes would be `\"`). */
const HOLE = '"data":""'

/**
 * `json` as UTF-8 bytes with `bytes` as base64 in the string of its one `"data": ""` field
 * (WAHA's `file.data`). Built in pieces of under 1 MiB of text: a 16 MB file's 21 MB of base64
 * never exists as one JS string (nor the 21 MB body as another), which a few sends at once would
 * need from a heap capped at 256 MB (docs/scaling.md#sizing); the body is one buffer outside the heap.
 */
export const jsonWithBase64 = (json: object, bytes: Uint8Array): Uint8Array => {
  const text = JSON.stringify(json)
  const at = text.indexOf(HOLE)
  if (at === -1 || text.indexOf(HOLE, at + 1) !== -1) throw new Error('jsonWithBase64: the body needs one "data": ""')
  const parts: Array<Uint8Array> = [Buffer.from(text.slice(0, at + HOLE.length - 1))]
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let start = 0; start < source.length; start += PIECE_BYTES) {
    parts.push(Buffer.from(source.subarray(start, start + PIECE_BYTES).toString("base64")))
  }
  parts.push(Buffer.from(text.slice(at + HOLE.length - 1)))
  return Buffer.concat(parts)
}
