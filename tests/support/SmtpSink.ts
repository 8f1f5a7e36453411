import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"
import type { ParsedMail } from "./mime.ts"
import { parseMail } from "./mime.ts"

/**
 * A local SMTP server (smtp-server, 127.0.0.1, free port) that requires AUTH with the given user and
 * password, over plain TCP (no STARTTLS, insecure auth allowed: it is a test sink), and keeps every message.
 */

export interface SmtpReceived {
  readonly user: string | undefined
  readonly envelopeFrom: string | false
  readonly envelopeTo: ReadonlyArray<string>
  readonly raw: string
  readonly mail: ParsedMail
}

export interface SmtpSink {
  readonly port: number
  /** `smtp://user:pass@127.0.0.1:<port>` with both parts URL-encoded */
  readonly url: string
  readonly received: Array<SmtpReceived>
  close(): Promise<void>
}

export const startSmtpSink = async (options: {
  readonly user: string
  readonly password: string
}): Promise<SmtpSink> => {
  const received: Array<SmtpReceived> = []
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => {
      if (auth.username === options.user && auth.password === options.password)
        return callback(null, { user: auth.username })
      callback(new Error("Invalid username or password"))
    },
    onData: (stream, session, callback) => {
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("error", callback)
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8")
        received.push({
          user: typeof session.user === "string" ? session.user : undefined,
          envelopeFrom: session.envelope.mailFrom === false ? false : session.envelope.mailFrom.address,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mail: parseMail(raw)
        })
        callback()
      })
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    url: `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
