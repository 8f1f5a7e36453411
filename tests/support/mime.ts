/**
 * A minimal reader for the single-part text/plain messages nodemailer builds, enough for tests to check
 * To, From, Subject and the body: unfolds headers, decodes RFC 2047 encoded words (B and Q) and the
 * body's transfer encoding (7bit, 8bit, quoted-printable, base64). Not a general MIME parser.
 */

export interface ParsedMail {
  /** lower-cased names; decoded values; the last occurrence wins */
  readonly headers: Record<string, string>
  readonly to: string
  readonly from: string
  readonly subject: string
  readonly text: string
  readonly raw: string
}

const decodeQ = (data: string): Buffer => {
  const bytes: Array<number> = []
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!
    if (c === "_") bytes.push(0x20)
    else if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(data.slice(i + 1, i + 3))) {
      bytes.push(parseInt(data.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(c.charCodeAt(0))
  }
  return Buffer.from(bytes)
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g

export const decodeHeaderValue = (value: string): string =>
  value
    // whitespace between two adjacent encoded words is not part of the text
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(ENCODED_WORD, (_all, charset: string, encoding: string, data: string) => {
      const bytes = encoding.toUpperCase() === "B" ? Buffer.from(data, "base64") : decodeQ(data)
      return new TextDecoder(charset.toLowerCase()).decode(bytes)
    })

const decodeQuotedPrintable = (body: string): Buffer => {
  const joined = body.replace(/=\r?\n/g, "")
  const bytes: Array<number> = []
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(c, "utf8"))
  }
  return Buffer.from(bytes)
}

export const parseMail = (raw: string | Buffer): ParsedMail => {
  const source = typeof raw === "string" ? raw : raw.toString("utf8")
  const split = /\r?\n\r?\n/.exec(source)
  if (split === null) throw new Error("parseMail: no blank line between headers and body")
  const head = source.slice(0, split.index)
  const body = source.slice(split.index + split[0].length)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":")
    if (colon <= 0) continue
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeaderValue(line.slice(colon + 1).trim())
  }
  const contentType = headers["content-type"] ?? "text/plain"
  if (!contentType.toLowerCase().startsWith("text/plain"))
    throw new Error(`parseMail: only text/plain, got ${contentType}`)
  const charset = /charset="?([^";\s]+)"?/i.exec(contentType)?.[1] ?? "utf-8"
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase()
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, "utf8")
  const text = new TextDecoder(charset.toLowerCase()).decode(bytes).replace(/\r\n/g, "\n").replace(/\n$/, "")
  return {
    headers,
    to: headers["to"] ?? "",
    from: headers["from"] ?? "",
    subject: headers["subject"] ?? "",
    text,
    raw: source
  }
}
