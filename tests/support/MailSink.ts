import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { ParsedMail } from "./mime.ts"
import { parseMail } from "./mime.ts"

/**
 * A Mailgun-style HTTP mail API on real HTTP (127.0.0.1, free port): `POST /v3/{domain}/messages.mime`
 * with HTTP basic auth `api:<key>` and a multipart/form-data body (`to`, `message`). Accepted messages are
 * kept with their MIME parsed; a wrong key gets 401 like the real API. `respondWith` forces an answer.
 */

export interface ReceivedMail {
  readonly domain: string
  /** the form's `to` field */
  readonly to: string
  /** the MIME message as uploaded */
  readonly raw: string
  /** content type of the `message` part */
  readonly messageType: string
  readonly mail: ParsedMail
}

export interface MailSinkRequest {
  readonly method: string
  readonly path: string
  /** lower-cased names */
  readonly headers: Record<string, string>
  /** `user:password` from basic auth, when present */
  readonly basicAuth: string | null
}

export interface MailSink {
  readonly url: string
  readonly apiKey: string
  readonly requests: Array<MailSinkRequest>
  readonly received: Array<ReceivedMail>
  respondWith(status: number, body: string): void
  /** never answer (until reset or close) */
  hang(): void
  reset(): void
  close(): Promise<void>
}

export const startMailSink = async (options: { readonly apiKey: string }): Promise<MailSink> => {
  const requests: Array<MailSinkRequest> = []
  const received: Array<ReceivedMail> = []
  let forced: { status: number; body: string } | "hang" | null = null

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      if (res.writableEnded) return
      res
        .writeHead(status, { "content-type": "application/json", connection: "close" })
        .end(typeof body === "string" ? body : JSON.stringify(body))
    }
    const handle = async () => {
      const chunks: Array<Buffer> = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v
      const auth = /^Basic\s+(\S+)$/i.exec(headers["authorization"] ?? "")
      const basicAuth = auth?.[1] === undefined ? null : Buffer.from(auth[1], "base64").toString("utf8")
      const path = new URL(req.url ?? "/", "http://sink").pathname
      requests.push({ method: req.method ?? "", path, headers, basicAuth })
      if (forced === "hang") return
      if (forced !== null) return answer(forced.status, forced.body)
      const route = /^\/v3\/([^/]+)\/messages\.mime$/.exec(path)
      if (req.method !== "POST" || route === null) return answer(404, { message: "Not Found" })
      if (basicAuth !== `api:${options.apiKey}`) return answer(401, "Forbidden")
      // undici parses multipart/form-data for us
      const form = await new Request("http://sink/", {
        method: "POST",
        headers: { "content-type": headers["content-type"] ?? "" },
        body: Buffer.concat(chunks)
      }).formData()
      const to = form.get("to")
      const message = form.get("message")
      if (typeof to !== "string" || message === null || typeof message === "string") {
        return answer(400, { message: "'to' and a 'message' file are required" })
      }
      const raw = await message.text()
      received.push({ domain: decodeURIComponent(route[1]!), to, raw, messageType: message.type, mail: parseMail(raw) })
      answer(200, { id: `<${received.length}@sink>`, message: "Queued. Thank you." })
    }
    handle().catch((error: unknown) => answer(500, { message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey,
    requests,
    received,
    respondWith: (status, body) => {
      forced = { status, body }
    },
    hang: () => {
      forced = "hang"
    },
    reset: () => {
      forced = null
      server.closeAllConnections()
      requests.length = 0
      received.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
