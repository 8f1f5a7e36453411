import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { canonicalZone } from "../../../src/domain/shared/zoneNames.ts"
import type { ProcedurePath, WebClient } from "../../support/webClient.ts"
import { statusOf } from "../../support/webClient.ts"
import type { StoreKind } from "../../support/webHarness.ts"
import { ADMIN_EMAIL } from "../../support/webHarness.ts"
import { activeClient, initiate, mutatingRequests, webStarter } from "./webSuite.support.ts"

const NUM_RUNS = 30

/** Anything JSON that is not a string. */
const notString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 })
)
/** Anything JSON that is not a number. */
const notNumber = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 3 })
)
/** Strings no sessionName can be (bad characters or too long). */
const badName = fc.oneof(
  fc.string({ minLength: 1 }).filter((s) => !/^[a-zA-Z0-9_-]+$/.test(s)),
  fc.constant(""),
  fc.constant("a".repeat(101))
)
const badPhone = fc.string().filter((s) => !/^\+?[0-9]{6,15}$/.test(s.trim()))

interface Target {
  readonly path: ProcedurePath
  readonly kind: "query" | "mutation"
  /** arbitrary malformed inputs: none of them may write anything */
  readonly malformed: fc.Arbitrary<unknown>
}

export const describeFuzz = (label: string, store: () => StoreKind) =>
  describe(`web fuzz: arbitrary inputs never give a 5xx nor write (${label})`, () => {
    const start = webStarter(store)

    it("every procedure, as a signed-in ACTIVE (admin) user", { timeout: 120_000 }, async () => {
      const web = await start({ requireApproval: false })
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const { sessionName, id } = await initiate(admin)
      web.fake.setGroups(sessionName, [{ id: "1@g.us", subject: "Alpha" }])
      web.fake.setContacts(sessionName, [{ id: "15551234567@c.us", number: "15551234567", name: "Bob" }])
      const sessionBefore = (await admin.api.user.getMessagingSession.query()).session

      const any = fc.jsonValue()
      const bySessionMalformed = fc.oneof(
        any.filter(
          (v) => typeof v !== "object" || v === null || !("sessionName" in v) || typeof v.sessionName !== "string"
        ),
        fc.record({ sessionName: notString }),
        fc.record({ sessionName: badName })
      )
      const pageMalformed = fc.oneof(
        bySessionMalformed,
        fc.record({
          sessionName: fc.constant(sessionName),
          limit: fc.oneof(notNumber, fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.double({ noInteger: true }))
        }),
        fc.record({ sessionName: fc.constant(sessionName), cursor: fc.oneof(notNumber, fc.integer({ max: -1 })) }),
        fc.record({ sessionName: fc.constant(sessionName), search: notString })
      )
      const targets: Array<Target> = [
        {
          path: "auth.signUp",
          kind: "mutation",
          malformed: fc.oneof(
            any,
            fc.record({ email: notString, password: fc.string(), name: fc.string() }),
            fc.record({
              email: fc.constant("fuzz@example.com"),
              password: fc.oneof(notString, fc.string({ maxLength: 7 })),
              name: fc.string()
            }),
            fc.record({
              email: fc.constant("fuzz@example.com"),
              password: fc.constant("long enough pw"),
              name: notString
            })
          )
        },
        {
          path: "auth.signIn",
          kind: "mutation",
          malformed: fc.oneof(
            any,
            fc.record({ email: notString, password: fc.string() }),
            fc.record({ email: fc.string(), password: fc.string() })
          )
        },
        { path: "auth.me", kind: "query", malformed: any },
        {
          path: "auth.setPreferences",
          kind: "mutation",
          // a string that is a zone Intl knows would be a valid call, not a malformed one
          malformed: fc.oneof(
            any,
            fc.record({ timeZone: notString.filter((v) => v !== null), locale: fc.string() }),
            fc.record({ timeZone: fc.string(), locale: fc.string() }).filter((i) => canonicalZone(i.timeZone) === null)
          )
        },
        {
          path: "auth.setLanguage",
          kind: "mutation",
          // one of the app's languages (or null) would be a valid call
          malformed: fc.oneof(
            any,
            fc.record({ language: fc.string().filter((l) => !["en", "es", "pt-BR", "de"].includes(l)) })
          )
        },
        { path: "auth.install", kind: "query", malformed: any },
        {
          path: "auth.requestPasswordReset",
          kind: "mutation",
          malformed: fc.oneof(any, fc.record({ email: notString }), fc.record({ email: fc.string() }))
        },
        {
          path: "auth.resetPassword",
          kind: "mutation",
          malformed: fc.oneof(
            any,
            fc.record({ token: notString, password: fc.string() }),
            fc.record({ token: fc.string(), password: fc.oneof(fc.string(), notString) })
          )
        },
        {
          path: "admin.listUsers",
          kind: "query",
          malformed: fc.oneof(any, fc.record({ status: fc.oneof(notString, fc.string()) }))
        },
        {
          path: "admin.approveUser",
          kind: "mutation",
          malformed: fc.oneof(any, fc.record({ userId: fc.oneof(notString, fc.string()) }))
        },
        {
          path: "admin.rejectUser",
          kind: "mutation",
          malformed: fc.oneof(any, fc.record({ userId: fc.oneof(notString, fc.string()) }))
        },
        {
          path: "admin.disableUser",
          kind: "mutation",
          malformed: fc.oneof(any, fc.record({ userId: fc.oneof(notString, fc.string()) }))
        },
        {
          path: "admin.enableUser",
          kind: "mutation",
          malformed: fc.oneof(any, fc.record({ userId: fc.oneof(notString, fc.string()) }))
        },
        { path: "user.getMessagingSession", kind: "query", malformed: any },
        {
          path: "user.getSessionStatus",
          kind: "query",
          malformed: fc.oneof(bySessionMalformed, fc.record({ sessionName: fc.string() }))
        },
        {
          path: "user.getSessionQR",
          kind: "query",
          malformed: fc.oneof(bySessionMalformed, fc.record({ sessionName: fc.string() }))
        },
        { path: "user.restartSession", kind: "mutation", malformed: bySessionMalformed },
        { path: "user.logoutSession", kind: "mutation", malformed: bySessionMalformed },
        {
          path: "user.updateSessionPhone",
          kind: "mutation",
          malformed: fc.oneof(
            any,
            fc.record({ id: fc.constant(id), phoneNumber: fc.oneof(notString, badPhone) }),
            fc.record({ id: notString, phoneNumber: fc.constant("+15551234567") }),
            fc.record({ phoneNumber: fc.constant("+15551234567") })
          )
        },
        {
          path: "session.getPacing",
          kind: "query",
          malformed: fc.oneof(bySessionMalformed, fc.record({ sessionName: badName }))
        },
        {
          path: "session.setPacing",
          kind: "mutation",
          malformed: fc.oneof(
            any,
            fc.record({
              sessionName: fc.constant(sessionName),
              minGapSeconds: notNumber,
              jitterSeconds: fc.constant(0)
            }),
            fc.record({
              sessionName: fc.constant(sessionName),
              minGapSeconds: fc.oneof(
                fc.integer({ max: -1 }),
                fc.integer({ min: 121 }),
                fc.double({ min: 0.1, max: 0.9 })
              ),
              jitterSeconds: fc.integer({ min: 0, max: 10 })
            }),
            fc.record({
              sessionName: fc.constant(sessionName),
              minGapSeconds: fc.integer({ min: 61, max: 120 }),
              jitterSeconds: fc.integer({ min: 60, max: 120 })
            }),
            fc.record({ sessionName: badName, minGapSeconds: fc.constant(30), jitterSeconds: fc.constant(30) })
          )
        },
        { path: "user.getMessagingGroups", kind: "query", malformed: pageMalformed },
        { path: "user.getMessagingContacts", kind: "query", malformed: pageMalformed }
      ]

      // malformed on purpose: the untyped client sends what the types would refuse
      const send = (client: WebClient, target: Target, input: unknown) =>
        statusOf(
          client,
          target.kind === "query"
            ? client.untyped.query(target.path, input)
            : client.untyped.mutation(target.path, input)
        )

      for (const target of targets) {
        await fc.assert(
          fc.asyncProperty(target.malformed, async (input) => {
            const events = await web.eventCount()
            const gatewayWrites = mutatingRequests(web.fake).length
            const status = await send(admin, target, input)
            expect(status, `${target.path} ${JSON.stringify(input)}`).toBeLessThan(500)
            expect(status).toBeGreaterThanOrEqual(200)
            expect(await web.eventCount(), `${target.path} ${JSON.stringify(input)} wrote an event`).toBe(events)
            expect(
              mutatingRequests(web.fake).length,
              `${target.path} ${JSON.stringify(input)} reached the gateway`
            ).toBe(gatewayWrites)
          }),
          { numRuns: NUM_RUNS }
        )
      }
      // the admin is still signed in and its session is untouched
      expect((await admin.api.user.getMessagingSession.query()).session).toEqual(sessionBefore)
      expect(web.fake.sessions.has(sessionName)).toBe(true)
    })

    it("procedures without input ignore whatever is sent: never a 5xx", { timeout: 60_000 }, async () => {
      const web = await start({ requireApproval: false })
      const { client } = await activeClient(web, "plain@example.com")
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (input) => {
          expect(
            await statusOf(client, client.untyped.mutation("user.initiateMessagingSession", input)),
            JSON.stringify(input)
          ).toBeLessThan(500)
        }),
        { numRuns: NUM_RUNS }
      )
      // reused every time: one session on both sides
      expect(web.fake.sessions.size).toBe(1)
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (input) => {
          const anyone = web.client()
          expect(
            await statusOf(anyone, anyone.untyped.mutation("auth.signOut", input)),
            JSON.stringify(input)
          ).toBeLessThan(500)
        }),
        { numRuns: NUM_RUNS }
      )
      expect((await client.api.auth.me.query()).user?.email).toBe("plain@example.com")
    })
  })
