import { Clock, Effect } from "effect"
import type { UserCommand, UserState } from "../../domain/user/User.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import type { UserView } from "../ports/UserRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { ProtectedAccount, UserNotFound, UserStatusConflict } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"

/** What an admin decides on an account (approveUser, rejectUser, disableUser, enableUser). */
export type AccountAction = "approve" | "decline" | "disable" | "enable"

const command = (action: AccountAction, now: number): UserCommand => {
  switch (action) {
    case "approve":
      return { type: "Approve", now }
    case "decline":
      return { type: "Reject", now }
    case "disable":
      return { type: "Disable", now }
    case "enable":
      return { type: "Enable", now }
  }
}

/**
 * The shared step of the admin's decisions: the account by its id, the guard (nobody shuts out
 * themselves or the ADMIN_EMAIL account: Herald would be left without its administrator), then
 * the decision on the account's stream, the truth (never on the list the admin looked at).
 * `changed`: false when the account already was where the decision leads (a second click).
 */
export const decideOnAccount = Effect.fnUntraced(function* (
  action: AccountAction,
  userId: string,
  adminUserId: string
) {
  const view: UserView | null = yield* (yield* UserRepository).get(userId)
  if (view === null) return yield* new UserNotFound({ userId })
  if (action === "decline" || action === "disable") {
    if (userId === adminUserId) return yield* new ProtectedAccount({ reason: "self" })
    if (view.email === (yield* AuthSettings).adminEmail) return yield* new ProtectedAccount({ reason: "adminEmail" })
  }
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(UserAggregate)(view.email, command(action, now))
  if (outcome._tag === "Rejected") {
    const rejection = outcome.rejection
    return yield* rejection._tag === "UserStatusConflict"
      ? new UserStatusConflict({ userId, status: rejection.status, action })
      : new UserNotFound({ userId })
  }
  const result: { readonly state: UserState; readonly changed: boolean; readonly before: UserView } = {
    state: outcome.state,
    changed: outcome.events.length > 0,
    before: view
  }
  return result
})
