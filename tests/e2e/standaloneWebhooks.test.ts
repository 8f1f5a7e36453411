import { createHmac } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { eventually } from "../support/eventually.ts"
import { closedPort } from "../support/net.ts"
import type { Runtime } from "../support/processes.ts"
import { standaloneEntry, startProcess } from "../support/processes.ts"
import { startWebhookReceiver } from "../support/WebhookReceiver.ts"
import { WebClient } from "../support/webClient.ts"

// Issue 26 item 4 end to end: `npm start` as a process, a receiver on this machine (allowed by
// WEBHOOKS_ALLOW_PRIVATE_TARGETS), a message sent by the embedded scheduler through the sandbox
// gateway reaches the receiver as message.sent, and its campaign's end as campaign.completed, signed.

const dirs: Array<string> = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe("npm start sends an account's webhooks", () => {
  for (const runtime of ["node", "deno"] as const satisfies ReadonlyArray<Runtime>) {
    it(`under ${runtime}: a message sent by the scheduler reaches the endpoint, signed with its secret`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), `herald-webhooks-${runtime}-`))
      dirs.push(dataDir)
      const receiver = await startWebhookReceiver()
      const port = await closedPort()
      const proc = startProcess(
        standaloneEntry,
        {
          HERALD_DATA_DIR: dataDir,
          PORT: String(port),
          SANDBOX_CONNECT_AFTER_MS: "300",
          WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true"
        },
        runtime
      )
      try {
        await proc.waitForOutput(/Herald is running/, 30_000)
        const me = new WebClient(`http://127.0.0.1:${port}`, { origin: `http://localhost:${port}` })
        await me.api.auth.signUp.mutate({ email: "me@example.org", password: "correct horse battery", name: "Me" })
        const { secret } = await me.api.webhookEndpoint.create.mutate({
          url: receiver.url("/herald"),
          events: ["message.sent", "campaign.completed"]
        })
        const { sessionName } = await me.api.user.initiateMessagingSession.mutate()
        // the sandbox connects a while after its QR code is shown
        await me.api.user.getSessionQR.query({ sessionName })
        await eventually(
          "the sandbox session to connect",
          async () => (await me.api.user.getSessionStatus.query({ sessionName })).status,
          (s) => s === "WORKING"
        )
        const [group] = (await me.api.user.getMessagingGroups.query({ sessionName, limit: 1 })).items
        const { id } = await me.api.campaign.create.mutate({
          sessionName,
          groupId: group!.groupId,
          groupName: group!.groupName,
          title: "Webhook check",
          messages: [{ content: "hello", scheduledAt: new Date(Date.now() + 1_500).toISOString() }]
        })
        const got = await eventually(
          "message.sent and campaign.completed at the receiver",
          () => receiver.received.map((r) => ({ ...r, json: JSON.parse(r.body) })),
          (hooks) =>
            hooks.some((h) => h.json.type === "message.sent") &&
            hooks.some((h) => h.json.type === "campaign.completed"),
          30_000
        )
        for (const hook of got) {
          expect(hook.headers["herald-signature"]).toBe(
            `sha256=${createHmac("sha256", secret).update(`${hook.headers["herald-timestamp"]}.${hook.body}`).digest("hex")}`
          )
          expect(hook.headers["herald-event-id"]).toBe(hook.json.id)
        }
        const sent = got.find((h) => h.json.type === "message.sent")!
        expect(sent.json.data).toMatchObject({
          campaignId: id,
          campaignTitle: "Webhook check",
          groupId: group!.groupId,
          groupName: group!.groupName
        })
        // recorded as delivered on the account's page
        const [endpoint] = (await me.api.webhookEndpoint.list.query()).items
        await eventually(
          "the deliveries recorded",
          async () => (await me.api.webhookEndpoint.list.query()).items[0]?.deliveries.map((d) => d.status) ?? [],
          (statuses) => statuses.length === 2 && statuses.every((s) => s === "delivered")
        )
        expect(endpoint?.url).toBe(receiver.url("/herald"))
        expect(proc.output()).not.toContain(secret)
        proc.child.kill("SIGTERM")
        expect(await proc.exited).toEqual({ code: 0, signal: null })
      } finally {
        proc.child.kill("SIGKILL")
        await receiver.close()
      }
    }, 90_000)
  }
})
