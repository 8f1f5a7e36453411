/** Small real files for upload tests: their bytes are what a type detector reads. */

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
  options: { readonly cookie?: string | null; readonly origin?: string | null } = {}
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
