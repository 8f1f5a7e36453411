import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export interface ReceivedWebhook {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** How the receiver answers a request; the default is 204. */
export type Responder = (req: IncomingMessage, res: ServerResponse, body: string) => void

/**
 * A real HTTP server on 127.0.0.1 standing for an account's webhook endpoint: it records every
 * request and answers as the test says (status codes, redirects, a huge or never-ending answer).
 */
export const startWebhookReceiver = async () => {
  const received: Array<ReceivedWebhook> = []
  let respond: Responder = (_req, res) => {
    res.writeHead(204).end()
  }
  const server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      received.push({ path: req.url ?? "", headers: req.headers, body })
      respond(req, res, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answerWith: (responder: Responder) => {
      respond = responder
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
