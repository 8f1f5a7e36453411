import { Effect } from "effect"
import type { Page, PageOf } from "../ports/GatewayPort.ts"

export interface WalkOptions<T> {
  readonly pageSize: number
  /** a bound on the offset, so a gateway that always says "more" cannot keep the walk going */
  readonly maxEntries: number
  /** items with the same key are kept once, the first time */
  readonly keyOf: (item: T) => string
  /** what is listed, for the log line when the gateway ignores offset */
  readonly what: string
}

/**
 * Reads a gateway list page after page. It stops at the last page (`more` false: short, or longer
 * than asked for because the gateway ignored paging and served all of it), and at a page whose
 * every entry was served before: a gateway that ignores `offset` (WAHA before paging came) serves
 * its list from the start again, and would otherwise be read over and over into duplicates. A page
 * that only partly overlaps the previous one (the list changed between calls) goes on.
 */
export const walkPages = <T, E>(options: WalkOptions<T>, list: (page: Page) => Effect.Effect<PageOf<T>, E>) =>
  Effect.gen(function* () {
    const served = new Set<string>()
    const keys = new Set<string>()
    const items: Array<T> = []
    for (let offset = 0; offset < options.maxEntries; offset += options.pageSize) {
      const page = yield* list({ limit: options.pageSize, offset })
      if (offset > 0 && page.served.length > 0 && page.served.every((id) => served.has(id))) {
        yield* Effect.logWarning(
          `The gateway served the same ${options.what} again at offset ${offset}: it ignores paging (WAHA older than its paging support); the list read so far is complete`
        )
        break
      }
      for (const id of page.served) served.add(id)
      for (const item of page.items) {
        const key = options.keyOf(item)
        if (keys.has(key)) continue
        keys.add(key)
        items.push(item)
      }
      if (!page.more) break
    }
    return items as ReadonlyArray<T>
  })
