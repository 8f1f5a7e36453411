import { accept, reject } from "../shared/Decider.ts"
import type { DecideResult, Decider } from "../shared/Decider.ts"

/**
 * A user account, event-sourced like the rest of the domain: sign-up, approval and password
 * changes are facts an operator may want to audit, and a stream keyed by the e-mail address
 * makes a sign-up exclusive the same way a claim is: two sign-ups with one address race for
 * version 1 of `user-<email>` and exactly one wins, on every store (no unique index needed).
 * The e-mail therefore never changes; the public id is a random id kept in the first event.
 * Auth sessions and reset tokens are not domain facts (short-lived secrets): plain records.
 */
export const USER_ROLES = ["ADMIN", "USER"] as const
export type UserRole = (typeof USER_ROLES)[number]
export const USER_STATUSES = ["ACTIVE", "PENDING"] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export type UserEvent =
  | {
      readonly type: "UserRegistered"
      readonly userId: string
      readonly email: string
      readonly name: string
      readonly passwordHash: string
      readonly role: UserRole
      readonly status: UserStatus
      readonly at: number
    }
  | { readonly type: "UserApproved"; readonly at: number }
  | { readonly type: "UserMadeAdmin"; readonly at: number }
  | { readonly type: "UserPasswordChanged"; readonly passwordHash: string; readonly at: number }

export interface UserState {
  readonly id: string
  readonly status: UserStatus | "NEW"
  readonly email: string
  readonly name: string
  readonly role: UserRole
  readonly passwordHash: string
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
      readonly status: UserStatus
      readonly now: number
    }
  | { readonly type: "Approve"; readonly now: number }
  | { readonly type: "MakeAdmin"; readonly now: number }
  | { readonly type: "ChangePassword"; readonly passwordHash: string; readonly now: number }

export type UserRejection = { readonly _tag: "UserAlreadyExists" } | { readonly _tag: "UserNotFound" }

export const initialUserState: UserState = {
  id: "",
  status: "NEW",
  email: "",
  name: "",
  role: "USER",
  passwordHash: "",
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
    if (state.status !== "NEW") return reject({ _tag: "UserAlreadyExists" })
    return accept({
      type: "UserRegistered",
      userId: command.userId,
      email: normalizeEmail(command.email),
      name: command.name,
      passwordHash: command.passwordHash,
      role: command.role,
      status: command.status,
      at: command.now
    })
  }
  if (state.status === "NEW") return reject({ _tag: "UserNotFound" })
  switch (command.type) {
    case "Approve":
      // approving an active account is a no-op, not an error: two admins may click at once
      return state.status === "ACTIVE" ? accept() : accept({ type: "UserApproved", at: command.now })
    case "MakeAdmin":
      return state.role === "ADMIN" && state.status === "ACTIVE" ? accept() : accept({ type: "UserMadeAdmin", at: command.now })
    case "ChangePassword":
      return accept({ type: "UserPasswordChanged", passwordHash: command.passwordHash, at: command.now })
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
        createdAt: event.at,
        updatedAt: event.at,
        version
      }
    case "UserApproved":
      return { ...state, status: "ACTIVE", updatedAt: event.at, version }
    case "UserMadeAdmin":
      return { ...state, role: "ADMIN", status: "ACTIVE", updatedAt: event.at, version }
    case "UserPasswordChanged":
      return { ...state, passwordHash: event.passwordHash, updatedAt: event.at, version }
  }
}

export const UserDecider: Decider<UserCommand, UserState, UserEvent, UserRejection> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser
}
