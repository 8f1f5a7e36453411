import { Clock, Context, Effect, Layer } from "effect"
import { GatewayPort } from "../ports/GatewayPort.ts"
import type { GatewayContact, GatewayError, GatewayGroup, Page, PageOf } from "../ports/GatewayPort.ts"
import { walkPages } from "./walkPages.ts"

/** How long a fetched list of groups or contacts serves further pages and searches. */
export const DIRECTORY_TTL_MS = 60_000
/** Pages asked of the gateway while reading a whole list, and a bound on the list. */
const GATEWAY_PAGE = 500
const MAX_ENTRIES = 20_000

/**
 * The groups and contacts a session can see, fetched whole from the gateway and kept for a
 * minute per session. Paging through a search then costs one gateway walk, not one per
 * page (totals are not returned because that needs everything; filtering by name does
 * need everything, so it is fetched once and reused).
 */
export class GatewayDirectory extends Context.Service<GatewayDirectory, {
  readonly groups: (sessionName: string) => Effect.Effect<ReadonlyArray<GatewayGroup>, GatewayError>
  readonly contacts: (sessionName: string) => Effect.Effect<ReadonlyArray<GatewayContact>, GatewayError>
}>()("herald/application/session/GatewayDirectory") {
  static readonly layer = Layer.effect(
    GatewayDirectory,
    Effect.gen(function*() {
      const gateway = yield* GatewayPort
      const cache = new Map<string, { readonly at: number; readonly items: ReadonlyArray<unknown> }>()

      const walk = <T extends { readonly groupId: string }>(what: string, list: (page: Page) => Effect.Effect<PageOf<T>, GatewayError>) =>
        walkPages({ pageSize: GATEWAY_PAGE, maxEntries: MAX_ENTRIES, keyOf: (item: T) => item.groupId, what }, list)

      const cached = <T>(key: string, fetch: Effect.Effect<ReadonlyArray<T>, GatewayError>) =>
        Effect.gen(function*() {
          const now = yield* Clock.currentTimeMillis
          const hit = cache.get(key)
          if (hit !== undefined && now - hit.at < DIRECTORY_TTL_MS) return hit.items as ReadonlyArray<T>
          const items = yield* fetch
          for (const [k, v] of cache) if (now - v.at >= DIRECTORY_TTL_MS) cache.delete(k)
          cache.set(key, { at: now, items })
          return items
        })

      return GatewayDirectory.of({
        groups: (sessionName) => cached(`groups:${sessionName}`, walk("groups", (page) => gateway.listGroups(sessionName, page))),
        contacts: (sessionName) =>
          cached(
            `contacts:${sessionName}`,
            Effect.gen(function*() {
              const contacts = yield* walk("contacts", (page) => gateway.listContacts(sessionName, page))
              // NOWEB and GOWS do not flag the session's own entry (isMe is WEBJS's), and it may come by lid
              const me = yield* gateway.getSession(sessionName).pipe(
                Effect.map((session) => session?.meId),
                Effect.catch((error) => Effect.as(Effect.logWarning(`Could not read which number is the session's own: ${error.message}`), undefined))
              )
              return me === undefined ? contacts : contacts.filter((c) => c.groupId !== me)
            })
          )
      })
    })
  )
}
