import type { BusboyFileStream, BusboyInstance } from "@fastify/busboy"
import { Busboy } from "@fastify/busboy"

/** What an upload's body held, read as far as needed to say so. */
export type UploadForm =
  | { readonly kind: "file"; readonly filename: string; readonly bytes: Uint8Array }
  /** the file passed its bound, or the whole body passed the file's bound and the form's room */
  | { readonly kind: "tooLarge" }
  /** not multipart/form-data, a part other than one file named `file`, or a form cut short */
  | { readonly kind: "notOneFile" }

/** The form around the file (boundaries, headers of the part, the field name) on top of the file's bound. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024

const MULTIPART = /^multipart\/form-data\s*;/i

/**
 * Where the file's chunks go as they come. With a Content-Length (browsers always send one) into
 * one buffer of that size, so the file is whole when its last chunk is in; without, kept and
 * joined at the end, one copy of up to 16 MB (~10 ms of the event loop).
 */
const fileSink = (contentLength: string | null, maxFileBytes: number) => {
  const declared = Number(contentLength ?? Number.NaN)
  const whole =
    Number.isSafeInteger(declared) && declared >= 0 ? new Uint8Array(Math.min(declared, maxFileBytes)) : null
  let filled = 0
  // what did not fit (nothing, when the body is as long as it said), in order
  const rest: Array<Uint8Array> = []
  return {
    add: (chunk: Uint8Array) => {
      if (whole !== null && rest.length === 0 && filled + chunk.length <= whole.length) {
        whole.set(chunk, filled)
        filled += chunk.length
      } else rest.push(chunk)
    },
    bytes: (): Uint8Array => {
      const parts = whole === null ? rest : [whole.subarray(0, filled), ...rest]
      const [only] = parts
      // a plain view of it (busboy's chunks are Buffers), not a copy
      if (parts.length === 1 && only !== undefined) return new Uint8Array(only.buffer, only.byteOffset, only.length)
      const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
      let at = 0
      for (const part of parts) {
        bytes.set(part, at)
        at += part.length
      }
      return bytes
    }
  }
}

/**
 * Reads an upload's multipart/form-data body as it arrives (@fastify/busboy, a streaming parser:
 * each chunk is parsed when it comes, so a large body never holds the event loop), and stops at
 * the first thing that is not one file part named `file` of at most `maxFileBytes`: a second part
 * of any kind, a field, a file under another name, or the file passing its bound. The rest of the
 * body is then left unread (the caller answers with Connection: close), so a form of 259,000 empty
 * parts costs one part's parsing, not 259,000. The file's chunks are copied into one buffer as
 * they come (fileSink). Works wherever the request is a web Request (Node through @hono/node-server,
 * Deno): busboy is fed by hand from the body's reader.
 */
export const readUploadForm = async (request: Request, maxFileBytes: number): Promise<UploadForm> => {
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
  const file = fileSink(request.headers.get("content-length"), maxFileBytes)
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
      const next = await reader.read()
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
