import { Buffer } from "node:buffer"
import { describe, expect, it } from "vitest"
import { jsonWithBase64 } from "../../../src/infrastructure/gateway/jsonWithBase64.ts"

const PIECE = 3 * 256 * 1024
const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7919) % 256)

describe("jsonWithBase64: a JSON body with a file's base64 built outside one string", () => {
  it("is the JSON of the same object with data as the file's base64, at every size around the pieces", () => {
    for (const n of [0, 1, 2, 3, 4, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE + 2]) {
      const bytes = bytesOf(n)
      const body = {
        session: "herald_u1",
        chatId: "1@g.us",
        file: { mimetype: "image/png", filename: 'team "a".png', data: "" },
        // a caption that looks like the hole is still just a caption
        caption: 'see "data":"" here',
        mentions: ["all"]
      }
      const parsed: unknown = JSON.parse(Buffer.from(jsonWithBase64(body, bytes)).toString("utf8"))
      expect(parsed).toEqual({ ...body, file: { ...body.file, data: Buffer.from(bytes).toString("base64") } })
    }
  })

  it("refuses a body without the one empty data field", () => {
    expect(() => jsonWithBase64({ file: { data: "x" } }, bytesOf(3))).toThrow(/one "data"/)
    expect(() => jsonWithBase64({ a: { data: "" }, b: { data: "" } }, bytesOf(3))).toThrow(/one "data"/)
  })
})
