import type { DecideResult, Decider } from "../shared/Decider.ts"
import { accept, reject } from "../shared/Decider.ts"
import type { AppLanguage } from "../shared/languages.ts"

/**
 * A user account, event-sourced like the rest of the domain: sign-up, approval and password
 * changes are facts an operator may want to audit, and a stream keyed by the e-mail address
 * makes a sign-up exclusive the same way a claim is: two sign-ups with one address race for
 * version 1 of `user-<email>` and exactly one wins, on every store (no unique index needed).
 * The e-mail therefore never changes; the public id is a random id kept in the first event.
 * Auth sessions and reset tokens are not domain facts (short-lived secrets): plain records.
 *
 * E-mail verification (docs/security.md): where real mail goes out, an account is registered
 * unverified with the keyed digest of a one-time link; following the link verifies it, and only
 * then may it sign in (and the ADMIN_EMAIL account become ADMIN). The digest lives in the
 * registration event rather than a token table because the link names the account, so the
 * stream itself can check it: nothing else has to be stored, swept or kept in step. Until it is
 * verified, a new registration of the address replaces the old one (same id), so nobody can
 * hold an address they cannot read mail for.
 *
 * The admin decides on accounts (issue 22 item 10): a PENDING one is approved (ACTIVE) or
 * declined (REJECTED); an ACTIVE one can be disabled (DISABLED: no sign-in, no sends); a
 * DISABLED or REJECTED one can be enabled again (ACTIVE). Each is an event of its own, so
 * streams written before these existed read exactly as before.
 *
 * Preferences (the reader's IANA time zone and BCP 47 locale, null until known) are how mails
 * read to the account's owner (docs/api.md auth.setPreferences); the application checks and
 * canonicalises them before the command, so the decider only compares.
 */
export const USER_ROLES = ["ADMIN", "USER"] as const
export type UserRole = (typeof USER_ROLES)[number]
export const USER_STATUSES = ["ACTIVE", "PENDING", "REJECTED", "DISABLED"] as const
export type UserStatus = (typeof USER_STATUSES)[number]
/** What a registration can set: the admin's decisions come later, as events of their own. */
export const REGISTRATION_STATUSES = ["ACTIVE", "PENDING"] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

export type UserEvent =
  | {
      readonly type: "UserRegistered"
      readonly userId: string
      readonly email: string
      readonly name: string
      readonly passwordHash: string
      readonly role: UserRole
      readonly status: RegistrationStatus
      /** false: the address must be confirmed through the mailed link before the account is usable */
      readonly emailVerified: boolean
      /** keyed digest of the link's secret, and when the link expires (unverified accounts only) */
      readonly verification: { readonly digest: string; readonly expiresAt: number } | null
      /** the registrant's preferences, as their browser offered them (null: not known) */
      readonly timeZone: string | null
      readonly locale: string | null
      readonly at: number
    }
  | { readonly type: "UserEmailVerified"; readonly at: number }
  | { readonly type: "UserApproved"; readonly at: number }
  | { readonly type: "UserRejected"; readonly at: number }
  | { readonly type: "UserDisabled"; readonly at: number }
  | { readonly type: "UserEnabled"; readonly at: number }
  | { readonly type: "UserMadeAdmin"; readonly at: number }
  | { readonly type: "UserPasswordChanged"; readonly passwordHash: string; readonly at: number }
  | {
      readonly type: "UserPreferencesSet"
      readonly timeZone: string | null
      readonly locale: string | null
      readonly at: number
    }
  /** the language the owner chose for the app and their mails (one of APP_LANGUAGES); null: their browser's */
  | { readonly type: "UserLanguageChosen"; readonly language: AppLanguage | null; readonly at: number }

export interface UserState {
  readonly id: string
  readonly status: UserStatus | "NEW"
  readonly email: string
  readonly name: string
  readonly role: UserRole
  readonly passwordHash: string
  readonly emailVerified: boolean
  readonly verification: { readonly digest: string; readonly expiresAt: number } | null
  /** IANA zone and BCP 47 locale of the reader, canonical; null until known */
  readonly timeZone: string | null
  readonly locale: string | null
  /** the app's language the owner chose (APP_LANGUAGES; their mails follow it); null: follow their browser */
  readonly language: AppLanguage | null
  readonly createdAt: number
  readonly updatedAt: number
  readonly version: number
}

export type UserCommand =
  | {
      readonly type: "Register"
      readonly userId: string
      readonly email: string
      readonly name: string
      readonly passwordHash: string
      readonly role: UserRole
      readonly status: RegistrationStatus
      readonly emailVerified: boolean
      readonly verification: { readonly digest: string; readonly expiresAt: number } | null
      /** checked and canonical (application/auth/preferences.ts), or null */
      readonly timeZone: string | null
      readonly locale: string | null
      readonly now: number
    }
  /** follow the mailed link: `digest` is the keyed digest of the link's secret */
  | { readonly type: "VerifyEmail"; readonly digest: string; readonly makeAdmin: boolean; readonly now: number }
  | { readonly type: "Approve"; readonly now: number }
  /** decline a PENDING account */
  | { readonly type: "Reject"; readonly now: number }
  /** stop an ACTIVE account: it cannot sign in and nothing of it is sent */
  | { readonly type: "Disable"; readonly now: number }
  /** let a DISABLED or REJECTED account in again */
  | { readonly type: "Enable"; readonly now: number }
  | { readonly type: "MakeAdmin"; readonly now: number }
  | { readonly type: "ChangePassword"; readonly passwordHash: string; readonly now: number }
  /** both values already checked and canonical (application/auth/preferences.ts) */
  | {
      readonly type: "SetPreferences"
      readonly timeZone: string | null
      readonly locale: string | null
      readonly now: number
    }
  /** already checked to be one of APP_LANGUAGES, or null (follow the browser) */
  | { readonly type: "ChooseLanguage"; readonly language: AppLanguage | null; readonly now: number }

export type UserRejection =
  | { readonly _tag: "UserAlreadyExists" }
  | { readonly _tag: "UserNotFound" }
  /** unknown, used, replaced or expired link: one rejection, so a link says nothing about the account */
  | { readonly _tag: "VerificationInvalid" }
  /** the account is not in a state this decision applies to (e.g. disabling a PENDING one) */
  | { readonly _tag: "UserStatusConflict"; readonly status: UserStatus }

export const initialUserState: UserState = {
  id: "",
  status: "NEW",
  email: "",
  name: "",
  role: "USER",
  passwordHash: "",
  emailVerified: false,
  verification: null,
  timeZone: null,
  locale: null,
  language: null,
  createdAt: 0,
  updatedAt: 0,
  version: 0
}

/** One spelling per mailbox: the stream key and every lookup use it. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const userStreamId = (email: string): string => `user-${normalizeEmail(email)}`

type Result = DecideResult<UserEvent, UserRejection>

export const decideUser = (command: UserCommand, state: UserState): Result => {
  if (command.type === "Register") {
    // an unverified registration is only a claim on the address: a new one replaces it
    if (state.status !== "NEW" && state.emailVerified) return reject({ _tag: "UserAlreadyExists" })
    return accept({
      type: "UserRegistered",
      userId: state.status === "NEW" ? command.userId : state.id,
      // the stream is the address's: a replacement cannot move it
      email: state.status === "NEW" ? normalizeEmail(command.email) : state.email,
      name: command.name,
      passwordHash: command.passwordHash,
      role: command.role,
      status: command.status,
      emailVerified: command.emailVerified,
      verification: command.emailVerified ? null : command.verification,
      timeZone: command.timeZone,
      locale: command.locale,
      at: command.now
    })
  }
  if (state.status === "NEW") return reject({ _tag: "UserNotFound" })
  switch (command.type) {
    case "VerifyEmail": {
      const v = state.verification
      if (state.emailVerified || v === null || v.digest !== command.digest || v.expiresAt <= command.now) {
        return reject({ _tag: "VerificationInvalid" })
      }
      const verified: UserEvent = { type: "UserEmailVerified", at: command.now }
      return command.makeAdmin
        ? accept<UserEvent>(verified, { type: "UserMadeAdmin", at: command.now })
        : accept(verified)
    }
    // Each decision is a no-op on the state it leads to (two admins may click at once), and
    // refused from a state it does not apply to, so a stale page cannot, say, approve an account
    // another admin disabled meanwhile.
    case "Approve":
      return state.status === "ACTIVE"
        ? accept()
        : state.status === "PENDING"
          ? accept({ type: "UserApproved", at: command.now })
          : reject({ _tag: "UserStatusConflict", status: state.status })
    case "Reject":
      return state.status === "REJECTED"
        ? accept()
        : state.status === "PENDING"
          ? accept({ type: "UserRejected", at: command.now })
          : reject({ _tag: "UserStatusConflict", status: state.status })
    case "Disable":
      return state.status === "DISABLED"
        ? accept()
        : state.status === "ACTIVE"
          ? accept({ type: "UserDisabled", at: command.now })
          : reject({ _tag: "UserStatusConflict", status: state.status })
    case "Enable":
      return state.status === "ACTIVE"
        ? accept()
        : state.status === "DISABLED" || state.status === "REJECTED"
          ? accept({ type: "UserEnabled", at: command.now })
          : reject({ _tag: "UserStatusConflict", status: state.status })
    case "MakeAdmin":
      return state.role === "ADMIN" && state.status === "ACTIVE"
        ? accept()
        : accept({ type: "UserMadeAdmin", at: command.now })
    case "ChangePassword":
      return accept({ type: "UserPasswordChanged", passwordHash: command.passwordHash, at: command.now })
    case "SetPreferences":
      // the browser sends them on every load that finds them different: the same again is no event
      return state.timeZone === command.timeZone && state.locale === command.locale
        ? accept()
        : accept({ type: "UserPreferencesSet", timeZone: command.timeZone, locale: command.locale, at: command.now })
    case "ChooseLanguage":
      return state.language === command.language
        ? accept()
        : accept({ type: "UserLanguageChosen", language: command.language, at: command.now })
  }
}

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  const version = state.version + 1
  switch (event.type) {
    case "UserRegistered":
      return {
        id: event.userId,
        status: event.status,
        email: event.email,
        name: event.name,
        role: event.role,
        passwordHash: event.passwordHash,
        emailVerified: event.emailVerified,
        verification: event.verification,
        // the registrant's own: a replaced claim's preferences go with it (whoever made it)
        timeZone: event.timeZone,
        locale: event.locale,
        language: null,
        // a replaced registration keeps the account's first date
        createdAt: state.status === "NEW" ? event.at : state.createdAt,
        updatedAt: event.at,
        version
      }
    case "UserEmailVerified":
      return { ...state, emailVerified: true, verification: null, updatedAt: event.at, version }
    case "UserApproved":
    case "UserEnabled":
      return { ...state, status: "ACTIVE", updatedAt: event.at, version }
    case "UserRejected":
      return { ...state, status: "REJECTED", updatedAt: event.at, version }
    case "UserDisabled":
      return { ...state, status: "DISABLED", updatedAt: event.at, version }
    case "UserMadeAdmin":
      return { ...state, role: "ADMIN", status: "ACTIVE", updatedAt: event.at, version }
    case "UserPasswordChanged":
      return { ...state, passwordHash: event.passwordHash, updatedAt: event.at, version }
    case "UserPreferencesSet":
      return { ...state, timeZone: event.timeZone, locale: event.locale, updatedAt: event.at, version }
    case "UserLanguageChosen":
      return { ...state, language: event.language, updatedAt: event.at, version }
  }
}

export const UserDecider: Decider<UserCommand, UserState, UserEvent, UserRejection> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser
}
