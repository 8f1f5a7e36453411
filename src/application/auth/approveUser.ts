import { Effect } from "effect"
import { Notifier } from "../ports/Notifier.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { decideOnAccount } from "./decideOnAccount.ts"
import { signInLink } from "./links.ts"

/**
 * Makes a PENDING account ACTIVE (approving an ACTIVE one changes nothing) and tells its owner,
 * with where to sign in. A declined or disabled account is enabled, not approved (enableUser.ts).
 */
export const approveUser = Effect.fn("approveUser")(function* (userId: string, adminUserId: string) {
  const { state, changed } = yield* decideOnAccount("approve", userId, adminUserId)
  if (!changed) return
  const { appUrl } = yield* AuthSettings
  yield* (yield* Notifier).notify({
    kind: "AccountApproved",
    to: state.email,
    reader: { timeZone: state.timeZone, locale: state.locale, language: state.language },
    name: state.name,
    again: false,
    signInLink: signInLink(appUrl)
  })
})
