import i18next from "i18next"
import type { ReactNode } from "react"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Button, FilePicker } from "../ui/kit.tsx"
import type { RowMedia } from "./planInput.ts"
import type { AttachedMedia } from "./uploadMedia.ts"
import { uploadMedia } from "./uploadMedia.ts"

export const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`

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
