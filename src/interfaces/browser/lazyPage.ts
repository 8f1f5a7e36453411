import type { ComponentType } from "react"
import { lazy } from "react"

const loaders: Array<() => Promise<unknown>> = []

/** A screen in its own chunk (React.lazy), registered so preloadPages can fetch it ahead of a visit. */
export const lazyPage = (load: () => Promise<ComponentType>) => {
  loaders.push(load)
  return lazy(() => load().then((Page) => ({ default: Page })))
}

/** Fetches every screen's chunk a second after the first screen is up, so a later visit does not wait for it (a second import of a module costs nothing). */
export const preloadPages = () => {
  const id = setTimeout(() => {
    for (const load of loaders) void load().catch(() => undefined)
  }, 1_000)
  return () => clearTimeout(id)
}
