import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "./StoreErrors.ts"

/** The `sessions` read model; every store decodes what it reads back with this schema. */
export const SessionViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  sessionName: z.string(),
  phoneNumber: z.string(),
  active: z.boolean(),
  /**
   * the last status the gateway reported (WORKING, FAILED, …) and when it says it happened; null
   * before any report, and in views stored before session events
   */
  gatewayStatus: z.string().nullable().default(null),
  gatewayStatusAt: z.number().nullable().default(null),
  /**
   * the session's pacing (SessionPacingSet; docs/architecture.md#pacing); 0 and 0, off, in views
   * stored before pacing existed
   */
  minGapSeconds: z.number().int().default(0),
  jitterSeconds: z.number().int().default(0),
  /**
   * the hold on its sends while WhatsApp limits the number (SessionLimited; docs/architecture.md,
   * "When WhatsApp limits a number"): since and until when (epoch ms), and whether the gateway gave
   * the end; null when not held, and in views stored before holds existed
   */
  limitedSince: z.number().nullable().default(null),
  limitedUntil: z.number().nullable().default(null),
  limitedUntilKnown: z.boolean().default(false),
  /** mark the chat seen and show "typing…" before each send (SessionTypingSet); false in older views */
  typingBeforeSend: z.boolean().default(false),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number().int()
})
export type SessionView = Readonly<z.output<typeof SessionViewSchema>>

export class SessionRepository extends Context.Service<
  SessionRepository,
  {
    /** Upsert unless the stored view already reflects this version or a later one. */
    readonly save: (view: SessionView) => Effect.Effect<void, StoreUnavailable>
    readonly get: (id: string) => Effect.Effect<SessionView | null, StoreUnavailable>
    /** Only an active session answers to its name; a logged-out one keeps its view but not the name. */
    readonly findByName: (sessionName: string) => Effect.Effect<SessionView | null, StoreUnavailable>
    /** The user's active session (a user has at most one; should there be two, the oldest, ties by id). */
    readonly findActiveByUser: (userId: string) => Effect.Effect<SessionView | null, StoreUnavailable>
    /** Ids of every session the user ever had, logged out ones too (their messages may still be pending). */
    readonly listIdsByUser: (userId: string) => Effect.Effect<ReadonlyArray<string>, StoreUnavailable>
  }
>()("herald/application/ports/SessionRepository") {}
