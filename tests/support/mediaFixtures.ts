/** Small real files for upload tests: their bytes are what a type detector reads. */
import { request } from "node:http"

/** 1×1 PNG */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)

/** A minimal PDF (header, one empty object, trailer). */
export const PDF_BYTES = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1")

/** What POST /api/media answers. */
export interface UploadAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly headers: Headers
}

/**
 * POSTs one file as a browser's FormData would (multipart/form-data, field `file`), with the
 * session cookie and Origin given.
 */
export const uploadFile = async (
  baseUrl: string,
  file: { readonly bytes: Uint8Array; readonly name: string; readonly type?: string },
  options: {
    readonly cookie?: string | null
    readonly origin?: string | null
    readonly idempotencyKey?: string
    /** X-Herald-Locale: the refusal in this reader's language (the browser app sends it) */
    readonly locale?: string
  } = {}
): Promise<UploadAnswer> => {
  const form = new FormData()
  form.append(
    "file",
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
    file.name
  )
  const headers: Record<string, string> = {}
  if (options.cookie != null) headers["cookie"] = options.cookie
  if (options.origin != null) headers["origin"] = options.origin
  if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey
  if (options.locale !== undefined) headers["x-herald-locale"] = options.locale
  const response = await fetch(`${baseUrl}/api/media`, { method: "POST", body: form, headers })
  const text = await response.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    body = { text }
  }
  return { status: response.status, body, headers: response.headers }
}

/** What the server answered to a request whose body was never finished. */
export interface UnfinishedAnswer {
  readonly status: number
  readonly connection: string | undefined
  readonly retryAfter: string | undefined
  readonly body: Record<string, unknown>
}

/**
 * POSTs `headers` and writes only `chunks` of the body, never ending it (chunked unless a
 * Content-Length is given): resolves with the answer, which must therefore come before the server
 * has the whole body; fails when none has come within `deadlineMs` (a server waiting for the rest).
 * The request is then dropped.
 */
export const postUnfinished = (
  url: string,
  headers: Record<string, string>,
  chunks: ReadonlyArray<Uint8Array | string>,
  deadlineMs = 5_000
): Promise<UnfinishedAnswer> => {
  const target = new URL(url)
  return new Promise<UnfinishedAnswer>((resolve, reject) => {
    const deadline = setTimeout(() => {
      reject(new Error(`no answer within ${deadlineMs} ms: the server waits for the rest of the body`))
      req.destroy()
    }, deadlineMs)
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers },
      (res) => {
        let text = ""
        res.on("data", (chunk) => (text += String(chunk)))
        res.on("end", () => {
          clearTimeout(deadline)
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            retryAfter: res.headers["retry-after"],
            body: JSON.parse(text) as Record<string, unknown>
          })
          req.destroy()
        })
      }
    )
    // an error after the answer (the server closing its side) changes nothing
    req.on("error", reject)
    for (const chunk of chunks) req.write(chunk)
  })
}

/**
 * The bytes of a multipart/form-data body with `boundary`: each part's headers and content,
 * closed or not (a body cut short, or one that goes on).
 */
export const multipartBody = (
  boundary: string,
  parts: ReadonlyArray<{ readonly disposition: string; readonly type?: string; readonly content: Uint8Array | string }>,
  closed = true
): Buffer =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${part.disposition}\r\n${part.type === undefined ? "" : `Content-Type: ${part.type}\r\n`}\r\n`
      ),
      Buffer.from(part.content),
      Buffer.from("\r\n")
    ]),
    Buffer.from(closed ? `--${boundary}--\r\n` : "")
  ])
