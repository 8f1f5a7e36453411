import { useCallback, useEffect, useRef, useState } from "react"
import type { Draft } from "./draft.ts"
import { decodeDraft, draftKey, encodeDraft, mediaOf } from "./draft.ts"
import type { PlanForm, RowMedia } from "./planInput.ts"

// The draft's storage (localStorage, which may be full, turned off or refused: then the form
// simply is not kept) and the new-campaign form's hooks around it.

const NEW_CAMPAIGN_PATH = "/campaigns/new"

/** How long typing pauses before the draft is written. */
const WRITE_AFTER_MS = 400

const removeStored = (key: string) => {
  try {
    localStorage.removeItem(key)
  } catch {
    // storage refused: nothing was kept either
  }
}

/** The user's draft, or null; one that cannot be read (old version, damaged) is dropped quietly. */
export const loadDraft = (userId: string): Draft | null => {
  let raw: string | null
  try {
    raw = localStorage.getItem(draftKey(userId))
  } catch {
    return null
  }
  const draft = decodeDraft(raw)
  if (raw !== null && draft === null) removeStored(draftKey(userId))
  return draft
}

export const removeDraft = (userId: string) => removeStored(draftKey(userId))

export interface DraftKeeper {
  /** when the draft was last written on this browser, or null when nothing is kept yet */
  readonly savedAt: number | null
  /** the browser refused to keep it (storage full or turned off) */
  readonly refused: boolean
  /** keeps `form` shortly (once typing pauses; at once when the page is left or hidden) */
  readonly keep: (form: PlanForm) => void
  /** forgets the draft (discarded, or saved as a campaign) */
  readonly forget: () => void
}

/** Keeps the form of `userId` (none when null) as their draft; `savedAt`: a restored draft's. */
export const useDraftKeeper = (userId: string | null, copy: boolean, restoredAt: number | null): DraftKeeper => {
  const [savedAt, setSavedAt] = useState<number | null>(restoredAt)
  const [refused, setRefused] = useState(false)
  const pending = useRef<PlanForm | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const write = useCallback(() => {
    clearTimeout(timer.current)
    const form = pending.current
    pending.current = null
    if (form === null || userId === null) return
    const now = Date.now()
    try {
      localStorage.setItem(draftKey(userId), encodeDraft({ savedAt: now, copy, form }))
      setSavedAt(now)
      setRefused(false)
    } catch {
      setRefused(true)
    }
  }, [userId, copy])

  // leaving the page (a reload, a closed tab) or the form (another screen) keeps the last keystrokes
  useEffect(() => {
    addEventListener("pagehide", write)
    return () => {
      removeEventListener("pagehide", write)
      write()
    }
  }, [write])

  const keep = useCallback(
    (form: PlanForm) => {
      pending.current = form
      clearTimeout(timer.current)
      timer.current = setTimeout(write, WRITE_AFTER_MS)
    },
    [write]
  )
  const forget = useCallback(() => {
    clearTimeout(timer.current)
    pending.current = null
    if (userId !== null) removeDraft(userId)
    setSavedAt(null)
  }, [userId])
  return { savedAt, refused, keep, forget }
}

/**
 * Of `media`, the uploads the server says it no longer has (404 to their owner: removed, or
 * never theirs); an answer that is not a clear "not found" (offline, database down) leaves one be.
 */
export const findGoneMedia = async (media: ReadonlyArray<RowMedia>): Promise<ReadonlyArray<string>> => {
  const answers = await Promise.all(
    media.map(async (m) => {
      try {
        const response = await fetch(`/api/media/${encodeURIComponent(m.id)}`, {
          method: "HEAD",
          credentials: "same-origin"
        })
        return response.status === 404 ? m.id : null
      } catch {
        return null
      }
    })
  )
  return answers.filter((id) => id !== null)
}

/**
 * Asks, once, after the uploads of a `restored` draft: `onGone` is told the ids the server no
 * longer has (the form drops them), and `notes` holds at each row the one it lost (GoneMediaNote
 * says so), until `clear`.
 */
export const useGoneMedia = (
  restored: Draft | null,
  onGone: (ids: ReadonlySet<string>) => void
): { readonly notes: Readonly<Record<string, RowMedia>>; readonly clear: (rowKey: string) => void } => {
  const [notes, setNotes] = useState<Readonly<Record<string, RowMedia>>>({})
  const latest = useRef(onGone)
  latest.current = onGone
  useEffect(() => {
    if (restored === null) return
    const media = mediaOf(restored.form)
    if (media.length === 0) return
    let live = true
    void findGoneMedia(media).then((ids) => {
      if (!live || ids.length === 0) return
      const gone = new Set(ids)
      latest.current(gone)
      setNotes(
        Object.fromEntries(
          restored.form.rows.flatMap((row) =>
            row.media !== null && gone.has(row.media.id) ? [[row.key, row.media]] : []
          )
        )
      )
    })
    return () => {
      live = false
    }
  }, [restored])
  const clear = useCallback(
    (rowKey: string) =>
      setNotes((all) =>
        rowKey in all ? Object.fromEntries(Object.entries(all).filter(([key]) => key !== rowKey)) : all
      ),
    []
  )
  return { notes, clear }
}

/**
 * Calls `onAgain` when a link to the new-campaign form is followed while on it (the header's
 * "New campaign"): the router sees no change of place, so without this the click does nothing.
 */
export const useNewCampaignAgain = (onAgain: () => void) => {
  const latest = useRef(onAgain)
  latest.current = onAgain
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      // a new tab or window (a modified or middle click) is the browser's business
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest("a") : null
      if (link === null || link.getAttribute("href") !== NEW_CAMPAIGN_PATH) return
      if (location.pathname !== NEW_CAMPAIGN_PATH || location.search !== "") return
      // the router would push the same place again: one more Back press for nothing
      event.preventDefault()
      latest.current()
    }
    // capturing: before the router's own handler, which then sees the click already handled
    document.addEventListener("click", onClick, true)
    return () => document.removeEventListener("click", onClick, true)
  }, [])
}
