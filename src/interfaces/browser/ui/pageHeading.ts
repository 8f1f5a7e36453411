import { useEffect, useRef, useSyncExternalStore } from "react"
import { useLocation } from "wouter"

// Each screen has one <h1> (kit.tsx's PageTitle): it names the tab ("Campaigns – Herald"), and
// after an in-app navigation it takes the focus, so a screen-reader user hears the new screen
// rather than nothing (a full page load already starts at the top of the new document).

const APP_NAME = "Herald"

/** The location whose heading was last shown: null until the first screen's heading. */
let shownAt: string | null = null

/** Titles the tab after the heading, and focuses the heading when it is the first shown at a new location. */
export const usePageHeading = (text: string | null) => {
  const heading = useRef<HTMLHeadingElement>(null)
  const [location] = useLocation()
  useEffect(() => {
    if (text !== null) document.title = `${text} – ${APP_NAME}`
  }, [text])
  useEffect(() => {
    const first = shownAt === null
    if (shownAt === location) return
    shownAt = location
    if (!first) heading.current?.focus()
  }, [location])
  return heading
}

/** Moves the focus to the screen's heading (after an action that removed the control that had it). */
export const focusPageHeading = () => document.querySelector<HTMLElement>("main h1")?.focus()

// One polite live region (Layout's Announcer) says what an action did once its control is gone.

let announcement = ""
const listeners = new Set<() => void>()
const setAnnouncement = (text: string) => {
  announcement = text
  for (const listener of listeners) listener()
}

/** Says `text` through the polite live region (emptied first, so the same words twice are said twice). */
export const announce = (text: string) => {
  setAnnouncement("")
  setTimeout(() => setAnnouncement(text), 50)
}

export const useAnnouncement = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => announcement
  )
