import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { requestFingerprint } from "../../../src/application/idempotency/requestFingerprint.ts"
import { IDEMPOTENCY_LEASE_MS } from "../../../src/application/idempotency/runIdempotently.ts"
import { appRouter } from "../../../src/interfaces/web/routers/appRouter.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

// The review of issue 26 item 3 (findings 1 and 5): a run again whose plan changed since its
// first run, and a malformed key on the calls that do not use it (docs/api.md#idempotency-key).

const GROUP = { groupId: "120363000000000077@g.us", groupName: "Choir" }
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()
const keyed = (web: TestWeb, as: WebClient, key: string): WebClient => {
  const client = web.client({ headers: { "idempotency-key": key } })
  client.cookie = as.cookie
  client.cookieName = as.cookieName
  return client
}

describe("Idempotency-Key: review of issue 26 item 3 (memory)", () => {
  let web: TestWeb
  let owner: WebClient
  let userId: string
  let sessionName: string
  beforeAll(async () => {
    web = await startTestWeb({ kind: "memory" })
    owner = web.client()
    userId = (await signUp(owner, ADMIN_EMAIL)).id
    ;({ sessionName } = await owner.api.user.initiateMessagingSession.mutate())
    web.fake.setSessionStatus(sessionName, "WORKING")
  })
  afterAll(() => web.close())

  it("a duplicate run again after the original lost a message answers the first copy, and makes no other", async () => {
    const original = await owner.api.campaign.create.mutate({
      sessionName,
      ...GROUP,
      title: "Original",
      messages: [
        { content: "one", scheduledAt: inHours(2) },
        { content: "two", scheduledAt: inHours(3) }
      ]
    })
    const key = crypto.randomUUID()
    const startDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const input = { id: original.id, startDate, timeZone: "UTC" }
    const slot = `${userId.length}:${userId}:${key}`
    const claimedAt = Date.now() - IDEMPOTENCY_LEASE_MS - 1_000
    // a claim whose run died before writing anything, then whose run again died before its answer
    const pending = {
      account: userId,
      key,
      fingerprint: requestFingerprint("campaign.duplicate", input),
      createdAt: claimedAt,
      runAt: claimedAt,
      aliveAt: claimedAt,
      state: "pending" as const,
      answer: null
    }
    web.memory!.idempotencyKeys.set(slot, pending)
    const first = await keyed(web, owner, key).api.campaign.duplicate.mutate(input)
    web.memory!.idempotencyKeys.set(slot, pending)
    // meanwhile the user deletes a message of the original: the plan is now one message shorter
    const before = await owner.api.campaign.get.query({ id: original.id })
    await owner.api.campaign.deleteMessage.mutate({ campaignId: original.id, messageId: before.messages[0]!.id })
    const again = await keyed(web, owner, key).api.campaign.duplicate.mutate(input)
    expect(again.id).toBe(first.id)
    const copies = (await owner.api.campaign.list.query({ limit: 100 })).items.filter((c) =>
      c.title.startsWith("Original (copy)")
    )
    expect(copies.map((c) => c.id)).toEqual([first.id])
    const copy = await owner.api.campaign.get.query({ id: first.id })
    expect(copy.messages.map((m) => [m.content, m.status])).toEqual([
      ["one", "SCHEDULED"],
      ["two", "SCHEDULED"]
    ])
  })

  it("a malformed Idempotency-Key is ignored by the calls that do not use it, and refused by those that do", async () => {
    const bad = keyed(web, owner, "has a space")
    expect((await bad.api.campaign.list.query({ limit: 1 })).items).toBeDefined()
    const anonymous = await fetch(`${web.url}/api/v1/campaigns`, { headers: { "idempotency-key": "has a space" } })
    expect(anonymous.status).toBe(401)
    await anonymous.body?.cancel()
    const refused = await expectTrpcError(
      bad.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        title: "Bad key",
        messages: [{ content: "x", scheduledAt: inHours(2) }]
      }),
      "BAD_REQUEST"
    )
    expect(refused.message).toContain("Idempotency-Key")
    const listed = (await owner.api.campaign.list.query({ limit: 100 })).items
    expect(listed.some((c) => c.title === "Bad key")).toBe(false)
  })

  it("every creating procedure checks the key (it runs through runCreate): a malformed one is refused there", async () => {
    const procedures: Readonly<Record<string, unknown>> = appRouter._def.procedures
    const creating = Object.entries(procedures)
      .filter(([, procedure]) => {
        const meta =
          typeof procedure === "function" && "_def" in procedure && typeof procedure._def === "object"
            ? Reflect.get(procedure._def ?? {}, "meta")
            : undefined
        return typeof meta === "object" && meta !== null && "creates" in meta && meta.creates === true
      })
      .map(([path]) => path)
    const someId = crypto.randomUUID()
    // inputs that parse: the key is checked before anything runs
    const inputs: Readonly<Record<string, unknown>> = {
      "campaign.create": {
        sessionName,
        ...GROUP,
        title: "Never",
        messages: [{ content: "x", scheduledAt: inHours(2) }]
      },
      "campaign.duplicate": { id: someId, startDate: "2030-01-01", timeZone: "UTC" },
      "campaign.resendMessage": { campaignId: someId, messageId: someId },
      "apiKey.create": { name: "never", access: "read" },
      "webhookEndpoint.create": { url: "https://example.com/hook", events: ["message.sent"] }
    }
    expect(creating.sort()).toEqual(Object.keys(inputs).sort())
    const bad = keyed(web, owner, "has a space")
    for (const path of creating) {
      const refused = await expectTrpcError(bad.untyped.mutation(path, inputs[path]), "BAD_REQUEST", path)
      expect(refused.message, path).toContain("Idempotency-Key header must be")
    }
  })
})
