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
