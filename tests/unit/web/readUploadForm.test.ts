import { describe, expect, it } from "vitest"
import { fileSink, readUploadForm } from "../../../src/interfaces/web/readUploadForm.ts"
import { multipartBody, PDF_BYTES, PNG_BYTES } from "../../support/mediaFixtures.ts"

const BOUNDARY = "b0undary"
const FILE = { disposition: 'form-data; name="file"; filename="a.png"', type: "image/png", content: PNG_BYTES }

/**
 * A request whose body is `chunks` as they would come off the socket, then either its end or
 * nothing more (`open`): a reader that waits for the end never answers.
 */
const requestOf = (
  chunks: ReadonlyArray<Uint8Array>,
  options: { readonly open?: boolean; readonly contentLength?: boolean; readonly contentType?: string } = {}
) => {
  let pulls = 0
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) => {
      const chunk = chunks[pulls++]
      if (chunk !== undefined) controller.enqueue(chunk)
      else if (options.open !== true) controller.close()
    }
  })
  const headers: Record<string, string> = {
    "content-type": options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`
  }
  if (options.contentLength !== false) {
    headers["content-length"] = String(chunks.reduce((n, chunk) => n + chunk.length, 0))
  }
  return {
    request: new Request("http://herald.test/api/media", { method: "POST", headers, body, duplex: "half" }),
    pulled: () => pulls
  }
}

/** `bytes` in pieces of `size`, as a socket hands them over */
const piecesOf = (bytes: Uint8Array, size: number): Array<Uint8Array> =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size))

describe("readUploadForm (issue 21 item 2)", () => {
  it("reads one file part whole, with or without a Content-Length, in pieces of any size", async () => {
    const form = multipartBody(BOUNDARY, [{ ...FILE, content: PDF_BYTES }])
    for (const contentLength of [true, false]) {
      for (const size of [1, 7, 64, form.length]) {
        const read = await readUploadForm(requestOf(piecesOf(form, size), { contentLength }).request, 1024)
        expect(read).toEqual({ kind: "file", filename: "a.png", bytes: new Uint8Array(PDF_BYTES) })
      }
    }
  })

  it("stops at the second part of a form that goes on: the rest is never pulled", async () => {
    const start = multipartBody(BOUNDARY, [FILE, { disposition: 'form-data; name="x"', content: "" }], false)
    const rest = Array.from({ length: 1_000 }, () =>
      multipartBody(BOUNDARY, [{ disposition: 'form-data; name="x"', content: "" }], false)
    )
    const { request, pulled } = requestOf([start, ...rest], { open: true })
    expect(await readUploadForm(request, 1024)).toEqual({ kind: "notOneFile" })
    expect(pulled()).toBeLessThan(5)
  })

  it.each([
    ["a field alone", [{ disposition: 'form-data; name="file"', content: "text" }]],
    ["a file under another name", [{ ...FILE, disposition: 'form-data; name="upload"; filename="a.png"' }]],
    ["two files", [FILE, FILE]],
    ["no part", []]
  ])("refuses %s", async (_, parts) => {
    expect(await readUploadForm(requestOf([multipartBody(BOUNDARY, parts)]).request, 1024)).toEqual({
      kind: "notOneFile"
    })
  })

  it("refuses a form cut short, a body that is not a form, and a form without a boundary", async () => {
    const cut = multipartBody(BOUNDARY, [FILE], false)
    expect(await readUploadForm(requestOf([cut.subarray(0, cut.length - 10)]).request, 1024)).toEqual({
      kind: "notOneFile"
    })
    const json = requestOf([new TextEncoder().encode("{}")], { contentType: "application/json" })
    expect(await readUploadForm(json.request, 1024)).toEqual({ kind: "notOneFile" })
    const noBoundary = requestOf([multipartBody(BOUNDARY, [FILE])], { contentType: "multipart/form-data; x=1" })
    expect(await readUploadForm(noBoundary.request, 1024)).toEqual({ kind: "notOneFile" })
  })

  it("refuses a file past its bound, and a body past the file's bound and the form's room, as they arrive", async () => {
    const big = multipartBody(BOUNDARY, [{ ...FILE, content: new Uint8Array(2048) }], false)
    const file = requestOf(piecesOf(big, 256), { open: true, contentLength: false })
    expect(await readUploadForm(file.request, 1024)).toEqual({ kind: "tooLarge" })
    // a preamble that never reaches a boundary: only the whole body's bound stops it
    const junk = requestOf(piecesOf(new Uint8Array(200 * 1024), 16 * 1024), { open: true, contentLength: false })
    expect(await readUploadForm(junk.request, 1024)).toEqual({ kind: "tooLarge" })
    expect(junk.pulled()).toBeLessThan(200 / 16)
  })

  it("gives up a body that stops arriving, without waiting for its end", async () => {
    const head = multipartBody(BOUNDARY, [FILE], false).subarray(0, 100)
    const stalled = requestOf([head], { open: true, contentLength: false })
    expect(await readUploadForm(stalled.request, 1024, 50)).toEqual({ kind: "stalled" })
  })
})

describe("fileSink", () => {
  it("sets aside room as bytes arrive, not what a Content-Length claims, and never past the file's bound", () => {
    const max = 16 * 1024 * 1024
    const sink = fileSink(max)
    sink.add(new Uint8Array(200).fill(7))
    expect(sink.room()).toBe(1024 * 1024)
    for (let i = 0; i < 16; i++) sink.add(new Uint8Array(1024 * 1024 - (i === 15 ? 200 : 0)).fill(i))
    expect(sink.room()).toBe(max)
    const bytes = sink.bytes()
    expect(bytes.length).toBe(max)
    expect([bytes[0], bytes[199], bytes[200], bytes[max - 1]]).toEqual([7, 7, 0, 15])
  })
})
