import type { BusboyFileStream, BusboyInstance } from "@fastify/busboy"
import { Busboy } from "@fastify/busboy"

/** What an upload's body held, read as far as needed to say so. */
export type UploadForm =
  | { readonly kind: "file"; readonly filename: string; readonly bytes: Uint8Array }
  /** the file passed its bound, or the whole body passed the file's bound and the form's room */
  | { readonly kind: "tooLarge" }
  /** not multipart/form-data, a part other than one file named `file`, or a form cut short */
  | { readonly kind: "notOneFile" }
  /** no byte came for UPLOAD_IDLE_MS: the sender stalled or holds the connection open */
  | { readonly kind: "stalled" }

/** The form around the file (boundaries, headers of the part, the field name) on top of the file's bound. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** How long an upload may send nothing before it is given up (a phone on a poor network pauses, but not this long). */
export const UPLOAD_IDLE_MS = 60_000

const MULTIPART = /^multipart\/form-data\s*;/i

/** The first room set aside for a file; it doubles as bytes arrive. */
const FIRST_ROOM_BYTES = 1024 * 1024

/**
 * Where the file's chunks go as they come: one buffer that grows (doubling, from 1 MiB, never past
 * `maxFileBytes`) as bytes actually arrive. Not sized from Content-Length up front: a client that
 * claimed 16 MB and sent 200 bytes made the server set aside 16 MB for as long as it held the
 * connection open (60 such connections: 1 GB). The doublings copy at most 15 MB in all.
 */
export const fileSink = (maxFileBytes: number) => {
  let buffer = new Uint8Array(0)
  let filled = 0
  return {
    add: (chunk: Uint8Array) => {
      const needed = filled + chunk.length
      if (needed > buffer.length) {
        let room = Math.max(buffer.length * 2, FIRST_ROOM_BYTES)
        while (room < needed) room *= 2
        const grown = new Uint8Array(Math.max(Math.min(room, maxFileBytes), needed))
        grown.set(buffer.subarray(0, filled))
        buffer = grown
      }
      buffer.set(chunk, filled)
      filled = needed
    },
    /** the bytes set aside now (what a slow or lying client can make the server hold) */
    room: () => buffer.length,
    bytes: (): Uint8Array => buffer.subarray(0, filled)
  }
}

/**
 * Reads an upload's multipart/form-data body as it arrives (@fastify/busboy, a streaming parser:
 * each chunk is parsed when it comes, so a large body never holds the event loop), and stops at
 * the first thing that is not one file part named `file` of at most `maxFileBytes`: a second part
 * of any kind, a field, a file under another name, or the file passing its bound. The rest of the
 * body is then left unread (the caller answers with Connection: close), so a form of 259,000 empty
 * parts costs one part's parsing, not 259,000; a body that stops arriving is given up after
 * `idleMs`. The file's chunks are copied into one buffer as they come (fileSink). Works wherever the request is a web Request (Node through @hono/node-server,
 * Deno): busboy is fed by hand from the body's reader.
 */
export const readUploadForm = async (
  request: Request,
  maxFileBytes: number,
  idleMs: number = UPLOAD_IDLE_MS
): Promise<UploadForm> => {
  const contentType = request.headers.get("content-type") ?? ""
  const body = request.body
  if (!MULTIPART.test(contentType) || body === null) return { kind: "notOneFile" }
  let parser: BusboyInstance
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      // one part, and it a file: busboy says so at the first part past these
      limits: { parts: 1, files: 1, fields: 0, fileSize: maxFileBytes, headerPairs: 16, headerSize: 16 * 1024 }
    })
  } catch {
    // no boundary in the Content-Type
    return { kind: "notOneFile" }
  }

  let decided: UploadForm | null = null
  let decide: (form: UploadForm) => void = () => {}
  const outcome = new Promise<UploadForm>((resolve) => {
    decide = (form) => {
      if (decided !== null) return
      decided = form
      resolve(form)
    }
  })
  const notOneFile = () => decide({ kind: "notOneFile" })
  const file = fileSink(maxFileBytes)
  let filename: string | null = null
  parser.on("file", (field: string, stream: BusboyFileStream, name: string) => {
    // a form cut short in the file errs on its stream: unheard, that error would end the process
    stream.on("error", notOneFile)
    if (field !== "file") {
      stream.resume()
      notOneFile()
      return
    }
    // absent when the part is a file by its type alone (application/octet-stream)
    filename = typeof name === "string" ? name : ""
    stream.on("data", file.add)
    stream.on("limit", () => decide({ kind: "tooLarge" }))
  })
  parser.on("partsLimit", notOneFile)
  parser.on("filesLimit", notOneFile)
  parser.on("fieldsLimit", notOneFile)
  // a form cut short or malformed; kept for the parser's life, which may outlast the answer
  parser.on("error", notOneFile)
  parser.on("finish", () => {
    if (filename === null) return notOneFile()
    decide({ kind: "file", filename, bytes: file.bytes() })
  })

  const reader = body.getReader()
  const feed = async () => {
    let read = 0
    while (decided === null) {
      let idle: ReturnType<typeof setTimeout> | undefined
      const next = await Promise.race([
        reader.read(),
        new Promise<"stalled">((resolve) => {
          idle = setTimeout(() => resolve("stalled"), idleMs)
        })
      ]).finally(() => clearTimeout(idle))
      if (next === "stalled") return decide({ kind: "stalled" })
      if (decided !== null) return
      if (next.done) {
        parser.end()
        return
      }
      read += next.value.length
      // a body without Content-Length (chunked) is bounded here as it arrives
      if (read > maxFileBytes + MULTIPART_OVERHEAD_BYTES) return decide({ kind: "tooLarge" })
      if (!parser.write(next.value)) {
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), outcome])
      }
    }
  }
  feed().catch(notOneFile)
  const form = await outcome
  // stop reading what is left: a refused body is not worth another byte
  if (form.kind !== "file") reader.cancel().catch(() => {})
  return form
}
