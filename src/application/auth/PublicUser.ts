import type { AppLanguage } from "../../domain/shared/languages.ts"
import type { UserRole, UserStatus } from "../../domain/user/User.ts"

/** A user as the API shows it (docs/architecture.md#the-web-contract): never a hash, never a token. */
export interface PublicUser {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly role: UserRole
  readonly status: UserStatus
  readonly emailVerified: boolean
  /** the reader's IANA zone and BCP 47 locale (auth.setPreferences), null until known */
  readonly timeZone: string | null
  readonly locale: string | null
  /** the app's language the owner chose (auth.setLanguage), null: their browser's */
  readonly language: AppLanguage | null
}

export const publicUser = (u: {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly role: UserRole
  readonly status: UserStatus | "NEW"
  readonly emailVerified: boolean
  readonly timeZone: string | null
  readonly locale: string | null
  readonly language: AppLanguage | null
}): PublicUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  // "NEW" is never a stored account's; read as waiting, as before
  status: u.status === "NEW" ? "PENDING" : u.status,
  emailVerified: u.emailVerified,
  timeZone: u.timeZone,
  locale: u.locale,
  language: u.language
})
