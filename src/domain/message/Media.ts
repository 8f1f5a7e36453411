/**
 * A message may carry an image or a file (WAHA's sendImage / sendFile, docs/waha-features.md §2);
 * its content is then the caption and may be empty. The bytes live in the MediaStore under `id`:
 * the message keeps what the send needs to name them (type, name, size), never the bytes.
 */
export const MEDIA_KINDS = ["image", "file"] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

export interface MessageMedia {
  readonly id: string
  /** detected from the bytes at upload, never taken from the name or the browser */
  readonly mimetype: string
  readonly filename: string
  /** bytes */
  readonly size: number
  /** image: sent with sendImage (shown inline); file: sendFile (a document attachment) */
  readonly kind: MediaKind
}

/** only the media's own fields go into an event (a caller's object may carry more) */
export const copyMedia = (media: MessageMedia): MessageMedia => ({
  id: media.id,
  mimetype: media.mimetype,
  filename: media.filename,
  size: media.size,
  kind: media.kind
})

/** WhatsApp's own cap on media sent through WAHA-like gateways (16 MB), as Herald's upload limit. */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024

/**
 * What Herald accepts, by the type detected from the bytes: images WhatsApp shows inline (sent
 * with sendImage), and documents (sendFile). No SVG or HTML: served back to the browser for the
 * preview, they could run script. Legacy .doc/.xls/.ppt share one container format (CFB) whose
 * bytes do not say which it is: not accepted.
 */
export const ACCEPTED_MEDIA: Readonly<Record<string, MediaKind>> = {
  "image/jpeg": "image",
  "image/png": "image",
  "image/webp": "image",
  "image/gif": "image",
  "application/pdf": "file",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "file",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "file",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "file",
  "application/vnd.oasis.opendocument.text": "file",
  "application/vnd.oasis.opendocument.spreadsheet": "file",
  "application/vnd.oasis.opendocument.presentation": "file"
}

/** Said to the user when a type is refused. */
export const ACCEPTED_MEDIA_DESCRIPTION =
  "images (JPEG, PNG, WebP, GIF) and documents (PDF, Word .docx, Excel .xlsx, PowerPoint .pptx, OpenDocument .odt/.ods/.odp)"

/** The kind of a detected type, or null when Herald does not accept it. */
export const mediaKindOf = (mimetype: string | null): MediaKind | null =>
  mimetype === null ? null : (ACCEPTED_MEDIA[mimetype] ?? null)

/**
 * The extensions each accepted type goes by, the usual one first: what a name is given when its
 * own extension is not one of them.
 */
export const MEDIA_EXTENSIONS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "application/pdf": ["pdf"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods"],
  "application/vnd.oasis.opendocument.presentation": ["odp"]
}

/** Longest name kept, in characters (code points), extension included. */
export const MAX_MEDIA_FILENAME_CHARS = 200

/**
 * Characters a name may not carry: controls (Cc), format characters (Cf: the right-to-left
 * override that shows `invoice\u202Efdp.exe` as "invoiceexe.pdf", zero-width spaces and joiners,
 * the BOM), lone surrogates (Cs: no valid UTF-8 for the header) and the line and paragraph
 * separators.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u

/**
 * The two joiners are format characters that some names need: a zero-width joiner makes one
 * emoji of several (👨‍👩‍👧), and both shape the letters of Arabic, Persian and Indic scripts
 * (می‌خواهم). Either is kept only where it does that: between two emoji (ZWJ), or between two
 * letters of a script that joins; anywhere else it is as unseen as the rest.
 */
const ZWNJ = "\u200C"
const ZWJ = "\u200D"
const EMOJI_BEFORE_JOINER = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u
const EMOJI = /\p{Extended_Pictographic}/u
const JOINING_SCRIPT =
  /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Mongolian}]/u

const joins = (joiner: string, before: string | undefined, after: string | undefined): boolean =>
  before !== undefined &&
  after !== undefined &&
  ((joiner === ZWJ && EMOJI_BEFORE_JOINER.test(before) && EMOJI.test(after)) ||
    (JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after)))

/** `name` without its unseen characters (UNSEEN), joiners kept where they join (`joins`). */
const withoutUnseen = (name: string): string => {
  const chars = [...name]
  return chars
    .filter((c, i) => (c === ZWJ || c === ZWNJ ? joins(c, chars[i - 1], chars[i + 1]) : !UNSEEN.test(c)))
    .join("")
}

/** What comes after a name's last dot when it reads as an extension: letters and digits, at least one letter. */
const EXTENSION = /^(?=[0-9]*[a-z])[a-z0-9]{1,10}$/i

/** a name split at its last dot, when what follows reads as an extension */
const splitExtension = (name: string): { readonly stem: string; readonly extension: string | null } => {
  const dot = name.lastIndexOf(".")
  const extension = dot > 0 ? name.slice(dot + 1) : ""
  return EXTENSION.test(extension) ? { stem: name.slice(0, dot), extension } : { stem: name, extension: null }
}

/** leading and trailing spaces and dots (a trailing dot hides an extension on Windows, a leading one hides the file) */
const trimName = (name: string): string => name.replace(/^[\s.]+|[\s.]+$/gu, "")

/**
 * The name an upload is kept and sent under, from the name its uploader gave and the type read
 * from its bytes: the last path segment, without unseen characters (UNSEEN), ending in an
 * extension of that type, so that what WhatsApp and the browser show is what the bytes are (a PDF
 * sent as `run.jar` becomes `run.pdf`; a PNG kept as `poly.html`, `poly.png`). A wrong extension
 * is replaced, a name without one gets one; when the wrong one hid a right one
 * (`invoice.pdf.exe`) that one stays. A name left empty is "image" or "file". At most
 * MAX_MEDIA_FILENAME_CHARS characters, cut in the stem so the extension stays. For a type outside
 * MEDIA_EXTENSIONS (none is accepted) only the cleaning applies.
 */
export const mediaFilename = (given: string, mimetype: string): string => {
  const cleaned = trimName(withoutUnseen(given.split(/[\\/]/).pop() ?? ""))
  const extensions = MEDIA_EXTENSIONS[mimetype]
  const fallback = mediaKindOf(mimetype) === "image" ? "image" : "file"
  const fits = (extension: string | null) => extension !== null && extensions?.includes(extension.toLowerCase())
  let stem = cleaned
  let extension: string | null = null
  if (extensions !== undefined) {
    const split = splitExtension(cleaned)
    const inner = splitExtension(trimName(split.stem))
    if (fits(split.extension)) ({ stem, extension } = split)
    else if (fits(inner.extension)) ({ stem, extension } = inner)
    else ({ stem, extension } = { stem: split.stem, extension: extensions[0] ?? null })
  }
  const tail = extension === null ? "" : `.${extension}`
  const room = MAX_MEDIA_FILENAME_CHARS - [...tail].length
  const kept = trimName([...trimName(stem)].slice(0, room).join(""))
  return `${kept === "" ? fallback : kept}${tail}`
}
