import i18next from "i18next"
import type { ReactNode } from "react"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { z } from "zod/mini"
import { MAX_MEDIA_BYTES } from "../../../domain/message/Media.ts"
import { formattingLocale } from "../i18n/language.ts"
import { Button, FilePicker } from "../ui/kit.tsx"
import type { RowMedia } from "./planInput.ts"

/** What POST /api/media answers, checked before the form keeps it. */
const UploadedSchema = z.object({
  id: z.string(),
  mimetype: z.string(),
  filename: z.string(),
  size: z.number(),
  kind: z.enum(["image", "file"])
})
export type AttachedMedia = z.infer<typeof UploadedSchema>

/** The server's error body: {error: {message}}. */
const ProblemSchema = z.object({ error: z.object({ message: z.string() }) })

export const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Uploads one file as a browser form would (multipart, field `file`); the answer or the server's words. */
export const uploadMedia = async (
  file: File
): Promise<{ readonly ok: true; readonly media: AttachedMedia } | { readonly ok: false; readonly error: string }> => {
  if (file.size > MAX_MEDIA_BYTES) return { ok: false, error: i18next.t("media.tooLarge") }
  const form = new FormData()
  form.append("file", file, file.name)
  let response: Response
  try {
    response = await fetch("/api/media", {
      method: "POST",
      body: form,
      credentials: "same-origin",
      // the server's refusal (its type, its size, the quota) in the language on screen, as tRPC's (trpc.ts)
      headers: { "X-Herald-Locale": formattingLocale() }
    })
  } catch {
    return { ok: false, error: i18next.t("media.notReached") }
  }
  const body: unknown = await response.json().catch(() => null)
  if (response.ok) {
    const media = UploadedSchema.safeParse(body)
    return media.success ? { ok: true, media: media.data } : { ok: false, error: i18next.t("media.unreadable") }
  }
  const problem = ProblemSchema.safeParse(body)
  return {
    ok: false,
    error: problem.success ? problem.data.error.message : i18next.t("media.failed", { status: response.status })
  }
}

/** An attached image (its thumbnail, from GET /api/media/<id>) or file (its name and size). */
export const MediaView = ({ media }: { readonly media: AttachedMedia | null }) =>
  media === null ? null : (
    <div
      className="mt-2 flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-2"
      data-testid="media"
    >
      {media.kind === "image" ? (
        <img
          src={`/api/media/${encodeURIComponent(media.id)}`}
          alt={i18next.t("media.attachedAlt", { name: media.filename })}
          className="h-20 w-20 rounded object-cover"
        />
      ) : (
        <span aria-hidden="true" className="text-2xl">
          📄
        </span>
      )}
      <span className="break-all text-sm text-slate-800">
        <bdi>{media.filename}</bdi> · {formatSize(media.size)}
      </span>
    </div>
  )

/**
 * "Attach image or file" on a one-off message of the new-campaign form: uploads at once (the row
 * then refers to it by id), shows the preview, can be removed. The row's text is the caption.
 */
export const MediaAttach = ({
  of,
  media,
  error,
  onChange,
  imagesOnly
}: {
  /** what the labels name: "message 2" */
  readonly of: string
  /** why only images may be attached here (a WhatsApp channel among the targets), or undefined */
  readonly imagesOnly?: string | undefined
  readonly media: AttachedMedia | null
  /** the server's error at this row's media (e.g. not found), or what became of it (GoneMediaNote) */
  readonly error?: ReactNode
  readonly onChange: (media: AttachedMedia | null) => void
}) => {
  const { t } = useTranslation()
  const [state, setState] = useState<{
    readonly uploading: boolean
    readonly error: string | null
    readonly name: string | null
  }>({ uploading: false, error: null, name: null })
  const shown = state.error ?? error ?? (imagesOnly !== undefined && media?.kind === "file" ? imagesOnly : null) ?? null
  return (
    <div className="space-y-2">
      {media === null ? (
        <FilePicker
          label={
            imagesOnly === undefined ? (
              <Trans i18nKey="media.attach" values={{ of }} components={{ hidden: <span className="sr-only" /> }} />
            ) : (
              <Trans
                i18nKey="media.attachImage"
                values={{ of }}
                components={{ hidden: <span className="sr-only" /> }}
              />
            )
          }
          chosen={state.name}
          chosenNote={
            state.name !== null && state.uploading ? (
              <Trans i18nKey="media.uploading" values={{ name: state.name }} components={{ name: <bdi /> }} />
            ) : undefined
          }
          accept={
            imagesOnly === undefined
              ? "image/jpeg,image/png,image/webp,image/gif,application/pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp"
              : "image/jpeg,image/png,image/webp,image/gif"
          }
          disabled={state.uploading}
          onChange={async (e) => {
            const file = e.target.files?.[0]
            e.target.value = ""
            if (file === undefined) return
            setState({ uploading: true, error: null, name: file.name })
            const result = await uploadMedia(file)
            if (result.ok) {
              setState({ uploading: false, error: null, name: null })
              onChange(result.media)
            } else setState({ uploading: false, error: result.error, name: file.name })
          }}
          hint={imagesOnly === undefined ? t("media.hint") : t("media.hintImages", { why: imagesOnly })}
        />
      ) : (
        <>
          <MediaView media={media} />
          <Button variant="secondary" onClick={() => onChange(null)}>
            {media.kind === "image" ? t("media.removeImage", { of }) : t("media.removeFile", { of })}
          </Button>
        </>
      )}
      {shown === null ? null : (
        <p role="alert" className="text-sm text-red-800">
          {shown}
        </p>
      )}
    </div>
  )
}

/** What a row says of an upload its restored draft refers to and the server no longer has; the file's name isolated. */
export const GoneMediaNote = ({ media }: { readonly media: RowMedia }) =>
  media.kind === "image" ? (
    <Trans i18nKey="helpers.goneImage" values={{ name: media.filename }} components={{ name: <bdi /> }} />
  ) : (
    <Trans i18nKey="helpers.goneFile" values={{ name: media.filename }} components={{ name: <bdi /> }} />
  )

/** The note for a row whose upload is gone, if it is. */
export const goneNote = (media: RowMedia | undefined): ReactNode =>
  media === undefined ? undefined : <GoneMediaNote media={media} />
