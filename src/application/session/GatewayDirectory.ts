import type { Option } from "effect"
import { Cache, Context, Duration, Effect, Exit, Layer } from "effect"
import { channelProblemOf } from "../campaign/channelSupport.ts"
import type {
  GatewayChannel,
  GatewayContact,
  GatewayError,
  GatewayGroup,
  GatewayServerVersion,
  Page,
  PageOf
} from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { walkPages } from "./walkPages.ts"

/** How long a fetched list of groups or contacts serves further pages and searches. */
export const DIRECTORY_TTL_MS = 60_000
/** Pages asked of the gateway while reading a whole list, and a bound on the list. */
const GATEWAY_PAGE = 500
const MAX_ENTRIES = 20_000
/** Sessions whose lists are kept at once (each of groups and contacts); the least recently read goes first. */
const DIRECTORY_SESSIONS = 1_000

/**
 * The groups and contacts a session can see, fetched whole from the gateway and kept for a
 * minute per session. Paging through a search then costs one gateway walk, not one per
 * page (totals are not returned because that needs everything; filtering by name does
 * need everything, so it is fetched once and reused).
 */
export class GatewayDirectory extends Context.Service<
  GatewayDirectory,
  {
    readonly groups: (sessionName: string) => Effect.Effect<ReadonlyArray<GatewayGroup>, GatewayError>
    readonly contacts: (sessionName: string) => Effect.Effect<ReadonlyArray<GatewayContact>, GatewayError>
    /** every channel the session follows or runs, whatever its role (one gateway call: WAHA does not page them) */
    readonly channels: (sessionName: string) => Effect.Effect<ReadonlyArray<GatewayChannel>, GatewayError>
    /** the session's channels as last read within the minute, without asking the gateway (none: not read, or expired) */
    /** the gateway's version and engine, asked at most once a minute while it can post to channels (the channel list's check) */
    readonly serverVersion: () => Effect.Effect<GatewayServerVersion, GatewayError>
    readonly cachedChannels: (sessionName: string) => Effect.Effect<Option.Option<ReadonlyArray<GatewayChannel>>>
  }
>()("herald/application/session/GatewayDirectory") {
  static readonly layer = Layer.effect(
    GatewayDirectory,
    Effect.gen(function* () {
      const gateway = yield* GatewayPort

      const walk = <T extends { readonly groupId: string }>(
        what: string,
        list: (page: Page) => Effect.Effect<PageOf<T>, GatewayError>
      ) => walkPages({ pageSize: GATEWAY_PAGE, maxEntries: MAX_ENTRIES, keyOf: (item: T) => item.groupId, what }, list)

      // a list is kept for DIRECTORY_TTL_MS; a failed read is not kept, so the next call asks the gateway again
      const cacheOf = <T>(lookup: (sessionName: string) => Effect.Effect<ReadonlyArray<T>, GatewayError>) =>
        Cache.makeWith(lookup, {
          capacity: DIRECTORY_SESSIONS,
          timeToLive: (exit) => (Exit.isSuccess(exit) ? Duration.millis(DIRECTORY_TTL_MS) : Duration.zero)
        })

      const groups = yield* cacheOf((sessionName) => walk("groups", (page) => gateway.listGroups(sessionName, page)))
      const contacts = yield* cacheOf((sessionName) =>
        Effect.gen(function* () {
          const contacts = yield* walk("contacts", (page) => gateway.listContacts(sessionName, page))
          // NOWEB and GOWS do not flag the session's own entry (isMe is WEBJS's), and it may come by lid
          const me = yield* gateway.getSession(sessionName).pipe(
            Effect.map((session) => session?.meId),
            Effect.catch((error) =>
              Effect.as(
                Effect.logWarning(`Could not read which number is the session's own: ${error.message}`),
                undefined
              )
            )
          )
          return me === undefined ? contacts : contacts.filter((c) => c.groupId !== me)
        })
      )

      const channels = yield* cacheOf((sessionName) => gateway.listChannels(sessionName))

      // one version for the whole gateway; kept only when it can post to channels, so that an
      // upgrade of a gateway that could not shows at once
      const version = yield* Cache.makeWith((_: "gateway") => gateway.serverVersion(), {
        capacity: 1,
        timeToLive: (exit) =>
          Exit.isSuccess(exit) && channelProblemOf(exit.value) === null
            ? Duration.millis(DIRECTORY_TTL_MS)
            : Duration.zero
      })

      return GatewayDirectory.of({
        serverVersion: () => Cache.get(version, "gateway"),
        groups: (sessionName) => Cache.get(groups, sessionName),
        contacts: (sessionName) => Cache.get(contacts, sessionName),
        channels: (sessionName) => Cache.get(channels, sessionName),
        cachedChannels: (sessionName) => Cache.getSuccess(channels, sessionName)
      })
    })
  )
}
