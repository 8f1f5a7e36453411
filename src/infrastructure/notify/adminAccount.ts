import { Effect } from "effect"
import type { UserRepository, UserView } from "../../application/ports/UserRepository.ts"

const isAdmin = (u: UserView | null): u is UserView =>
  u !== null && u.role === "ADMIN" && u.status === "ACTIVE" && u.emailVerified

/**
 * The account that reads and sends the admin's notifications: ADMIN_EMAIL's (normalised) when it is
 * an ACTIVE ADMIN with a confirmed address, else none; without ADMIN_EMAIL the first such account.
 * An unconfirmed sign-up with the admin's address, or a disabled account, never decides the admin's
 * language, zone or messaging session.
 */
export const findAdminAccount = (users: UserRepository["Service"], adminEmail: string | null) =>
  adminEmail === null
    ? users.list({ status: "ACTIVE" }).pipe(Effect.map((all) => all.find(isAdmin) ?? null))
    : users.findByEmail(adminEmail).pipe(Effect.map((user) => (isAdmin(user) ? user : null)))
