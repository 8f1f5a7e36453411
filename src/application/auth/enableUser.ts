import { Effect } from "effect"
import { Notifier } from "../ports/Notifier.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { decideOnAccount } from "./decideOnAccount.ts"
import { signInLink } from "./links.ts"

/**
 * Lets a DISABLED or REJECTED account in again (ACTIVE), and tells its owner where to sign in.
 * Messages that failed while it was disabled stay failed ("Send again" works now); messages due
 * from now on go out.
 */
export const enableUser = Effect.fn("enableUser")(function* (userId: string, adminUserId: string) {
  const { state, changed, before } = yield* decideOnAccount("enable", userId, adminUserId)
  if (!changed) return
  const { appUrl } = yield* AuthSettings
  yield* (yield* Notifier).notify({
    kind: "AccountApproved",
    to: state.email,
    reader: { timeZone: state.timeZone, locale: state.locale, language: state.language },
    name: state.name,
    // a declined request that is now accepted is an approval to its owner
    again: before.status === "DISABLED",
    signInLink: signInLink(appUrl)
  })
})
