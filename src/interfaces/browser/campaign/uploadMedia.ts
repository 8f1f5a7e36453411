// POST /api/media from the browser: one file as a form would send it, the answer checked, every
// failure in the reader's words (a .ts module of its own, so unit tests read it without JSX).

import i18next from "i18next"
import { z } from "zod/mini"
import { MAX_MEDIA_BYTES } from "../../../domain/message/Media.ts"
import { formattingLocale } from "../i18n/language.ts"

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
    return { ok: false, error: i18next.t("media.unreached") }
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
