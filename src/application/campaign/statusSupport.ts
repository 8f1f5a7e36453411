import { Effect } from "effect"
import type { GatewayServerVersion } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import type { RefusalParams } from "../refusal.ts"
import { findOwnedSession } from "../session/findOwnedSession.ts"
import { oneLine } from "../text/oneLine.ts"
import type { InvalidCampaignCode } from "./CampaignErrors.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { gatewayRefusal } from "./gatewayRefusal.ts"
import { olderThan } from "./mentionSupport.ts"

/**
 * What each engine does with a Status (docs/reach.md, "2. Status", "Per engine"), by WAHA version:
 * - posting at all: NOWEB since 2023 (every version Herald meets), GOWS since 2025.1.5, WEBJS since 2024.11.1;
 * - to chosen contacts (`contacts`): NOWEB always, GOWS from 2025.8.2 (an earlier GOWS answered 422
 *   "GOWS doesn't accept 'contacts'"), WEBJS never (422 "WEBJS doesn't accept 'contacts'");
 * - to all contacts (no `contacts`): NOWEB from 2024.11.4 (before, the list was required) with its
 *   store, which Herald turns on for every session it creates; GOWS and WEBJS always.
 * An image Status follows images everywhere (mediaSupport.ts). SANDBOX is Herald's own simulated
 * gateway, which accepts all of it; any other engine is refused.
 */
const STATUS_SINCE: Readonly<Record<string, ReadonlyArray<number>>> = {
  NOWEB: [0, 0, 0],
  GOWS: [2025, 1, 5],
  WEBJS: [2024, 11, 1],
  SANDBOX: [0, 0, 0]
}
/** null: never */
const CHOSEN_CONTACTS_SINCE: Readonly<Record<string, ReadonlyArray<number> | null>> = {
  NOWEB: [0, 0, 0],
  GOWS: [2025, 8, 2],
  WEBJS: null,
  SANDBOX: [0, 0, 0]
}
const ALL_CONTACTS_SINCE: Readonly<Record<string, ReadonlyArray<number>>> = {
  NOWEB: [2024, 11, 4],
  GOWS: [0, 0, 0],
  WEBJS: [0, 0, 0],
  SANDBOX: [0, 0, 0]
}

/** Why something cannot be done, as InvalidCampaign's code and params (the reader's words: interfaces/web/refusalWords.ts). */
export interface ReachRefusal {
  readonly code: InvalidCampaignCode
  readonly params: RefusalParams
}

/** Whether something can be done, and if not why, in English (the log, API callers) and as a code. */
export type Reach =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: string; readonly refusal: ReachRefusal }

/** What this gateway can do with a Status: post one at all, to chosen contacts, to all contacts. */
export interface StatusReach {
  readonly status: Reach
  readonly chosenContacts: Reach
  readonly allContacts: Reach
}

const ok: Reach = { ok: true }
const no = (reason: string, refusal: ReachRefusal): Reach => ({ ok: false, reason, refusal })

/** The sentence the form shows where the gateway cannot choose who sees a Status. */
export const ALL_CONTACTS_ONLY =
  "on this WhatsApp gateway a Status goes to all your contacts (as your phone's Status privacy says); choose all contacts"

export const statusReachOf = (gateway: GatewayServerVersion): StatusReach => {
  const engine = gateway.engine.toUpperCase()
  const version = oneLine(gateway.version)
  const since = STATUS_SINCE[engine]
  if (since === undefined) {
    const named = engine === "" || engine === "UNKNOWN" ? "an engine it does not name" : oneLine(gateway.engine)
    const refused = no(
      `this WhatsApp session's engine (${named}) cannot post a Status; ask the operator for a WAHA engine that can (NOWEB, GOWS 2025.1.5 or later, WEBJS 2024.11.1 or later)`,
      gatewayRefusal("status", gateway, undefined)
    )
    return { status: refused, chosenContacts: refused, allContacts: refused }
  }
  if (olderThan(gateway.version, since)) {
    const refused = no(
      `the messaging gateway (WAHA ${version} on ${engine}) cannot post a Status: that needs WAHA ${since.join(".")} or later; ask the operator to upgrade`,
      gatewayRefusal("status", gateway, since)
    )
    return { status: refused, chosenContacts: refused, allContacts: refused }
  }
  const chosen = CHOSEN_CONTACTS_SINCE[engine] ?? null
  const all = ALL_CONTACTS_SINCE[engine] ?? [0, 0, 0]
  return {
    status: ok,
    chosenContacts:
      chosen === null
        ? no(ALL_CONTACTS_ONLY, { code: "statusAllContactsOnly", params: {} })
        : olderThan(gateway.version, chosen)
          ? no(
              `the messaging gateway (WAHA ${version} on ${engine}) cannot send a Status to chosen contacts: that needs WAHA ${chosen.join(".")} or later; choose all contacts, or ask the operator to upgrade`,
              gatewayRefusal("statusChosen", gateway, chosen)
            )
          : ok,
    allContacts: olderThan(gateway.version, all)
      ? no(
          `the messaging gateway (WAHA ${version} on ${engine}) can send a Status only to chosen contacts: all contacts needs WAHA ${all.join(".")} or later; choose the contacts, or ask the operator to upgrade`,
          gatewayRefusal("statusAll", gateway, all)
        )
      : ok
  }
}

/**
 * session.getStatusReach: what the caller's session's gateway can do with a Status, for the form to
 * say in advance (the web API words each refusal for its reader, as it words InvalidCampaign).
 */
export const getStatusReach = Effect.fn("getStatusReach")(function* (userId: string, sessionName: string) {
  yield* findOwnedSession(userId, sessionName)
  return statusReachOf(yield* (yield* GatewayPort).serverVersion())
})

/**
 * Refuses a Status where the gateway cannot post it as asked (InvalidCampaign on `field`,
 * BAD_REQUEST), before anything is saved, as requirePolls does: asked each time (an operator may
 * change the engine); a gateway that does not answer fails the request and nothing is saved.
 */
export const requireStatus = Effect.fn("requireStatus")(function* (field: string, chosenContacts: boolean) {
  const reach = statusReachOf(yield* (yield* GatewayPort).serverVersion())
  const asked = !reach.status.ok ? reach.status : chosenContacts ? reach.chosenContacts : reach.allContacts
  if (!asked.ok) return yield* new InvalidCampaign({ message: asked.reason, ...asked.refusal, field })
})
