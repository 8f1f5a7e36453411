import { describe, expect, it } from "vitest"
import { MAX_MEDIA_FILENAME_CHARS, mediaFilename } from "../../../../src/domain/message/Media.ts"

const PDF = "application/pdf"
const PNG = "image/png"
const JPEG = "image/jpeg"
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

describe("mediaFilename (issue 21 item 6)", () => {
  it.each([
    // the extension follows the bytes: replaced when wrong, added when missing, kept when right
    ["run.jar", PDF, "run.pdf"],
    ["poly.html", PNG, "poly.png"],
    ["report.pdf", PNG, "report.png"],
    ["photo.png", PDF, "photo.pdf"],
    ["Programme.pdf", PDF, "Programme.pdf"],
    ["PHOTO.JPG", JPEG, "PHOTO.JPG"],
    ["holiday.jpeg", JPEG, "holiday.jpeg"],
    ["holiday.png", JPEG, "holiday.jpg"],
    ["minutes", DOCX, "minutes.docx"],
    ["minutes.doc", DOCX, "minutes.docx"],
    // a right extension hidden behind a wrong one comes back rather than doubling
    ["invoice.pdf.exe", PDF, "invoice.pdf"],
    ["invoice.png.exe", PDF, "invoice.png.pdf"],
    // what follows a dot is an extension only when it reads as one
    ["report.2024", PDF, "report.2024.pdf"],
    ["Mr. Smith", PDF, "Mr. Smith.pdf"],
    ["notes.", PDF, "notes.pdf"],
    ["notes.pdf.", PDF, "notes.pdf"],
    // format characters (Cf) and controls go: no right-to-left override, no zero-width anything
    ["invoice\u202Efdp.exe", PDF, "invoicefdp.pdf"],
    ["invoice\u202Egnp.pdf", PNG, "invoicegnp.png"],
    ["a\u200Bb\u200Dc\u2060d\uFEFF.png", PNG, "abcd.png"],
    ["\u2066evil\u2069.pdf", PDF, "evil.pdf"],
    ["line\nbreak\u2028.pdf", PDF, "linebreak.pdf"],
    ["lone\uD800.pdf", PDF, "lone.pdf"],
    // the last path segment only
    ["C:\\Users\\me\\photo.png", PDF, "photo.pdf"],
    ["../../etc/passwd", PNG, "passwd.png"],
    // nothing left: a plain default of the kind
    ["", PNG, "image.png"],
    ["\u202E", PDF, "file.pdf"],
    ["   ", JPEG, "image.jpg"],
    ["...", PDF, "file.pdf"],
    [".exe", PDF, "exe.pdf"],
    ["dir/", PDF, "file.pdf"],
    // emoji and letters of any script stay
    ["Chœur 🎶 été.pdf", PDF, "Chœur 🎶 été.pdf"],
    // joiners stay where they join: one emoji of several, Persian and Indic letters; nowhere else
    ["👨\u200D👩\u200D👧 family.png", PNG, "👨\u200D👩\u200D👧 family.png"],
    ["❤️\u200D🔥.png", PNG, "❤️\u200D🔥.png"],
    ["می\u200Cخواهم.pdf", PDF, "می\u200Cخواهم.pdf"],
    ["क्\u200Dष.pdf", PDF, "क्\u200Dष.pdf"],
    ["\u200D👩.png", PNG, "👩.png"],
    ["👩\u200D.png", PNG, "👩.png"],
    ["in\u200Cvoice.pdf", PDF, "invoice.pdf"],
    ["می\u200C\u202Eخواهم.pdf", PDF, "میخواهم.pdf"],
    ["合唱团.jar", PNG, "合唱团.png"]
  ])("%j holding %s is kept as %j", (given, mimetype, expected) => {
    expect(mediaFilename(given, mimetype)).toBe(expected)
  })

  it(`keeps at most ${MAX_MEDIA_FILENAME_CHARS} characters, cutting the stem and never a character in half`, () => {
    const long = mediaFilename(`${"🎶".repeat(300)}.exe`, PDF)
    expect([...long]).toHaveLength(MAX_MEDIA_FILENAME_CHARS)
    expect(long.endsWith("🎶.pdf")).toBe(true)
    expect(mediaFilename(`${"a".repeat(250)}.pdf`, PDF)).toBe(`${"a".repeat(196)}.pdf`)
  })

  it("gives the same name again when given its own answer", () => {
    for (const [given, mimetype] of [
      ["run.jar", PDF],
      ["invoice\u202Efdp.exe", PDF],
      ["", PNG],
      [`${"x".repeat(300)}.png`, JPEG]
    ] as const) {
      const once = mediaFilename(given, mimetype)
      expect(mediaFilename(once, mimetype)).toBe(once)
    }
  })

  it("only cleans the name of a type it has no extension for", () => {
    expect(mediaFilename("a\u202Eb.txt", "text/plain")).toBe("ab.txt")
  })
})
