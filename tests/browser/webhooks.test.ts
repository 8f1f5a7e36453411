import { createHmac } from "node:crypto"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Standalone } from "../support/browser.ts"
import {
  BROWSER_SKIP_REASON,
  chromiumAvailable,
  launchChromium,
  newPage,
  seriousA11yViolations,
  startStandalone
} from "../support/browser.ts"
import type { WebhookReceiver } from "../support/WebhookReceiver.ts"
import { startWebhookReceiver } from "../support/WebhookReceiver.ts"

// Issue 26 item 4 in the browser: the account's webhooks page (under the header's "Webhooks"), on
// `npm start` (SQLite) with WEBHOOKS_ALLOW_PRIVATE_TARGETS so a receiver on this machine may be
// called: add an endpoint with its events, the secret shown once with a copy button, a test sent
// and its result in words, the delivery listed, the endpoint deleted after a confirmation.

const ADA = { name: "Ada Admin", email: "ada@example.org", password: "first account pw" }

describe.skipIf(!chromiumAvailable)(`Webhooks page (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`, () => {
  let browser: Browser
  let herald: Standalone
  let receiver: WebhookReceiver
  beforeAll(async () => {
    ;[browser, herald, receiver] = await Promise.all([
      launchChromium(),
      startStandalone({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true" }),
      startWebhookReceiver()
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await herald?.stop()
    await receiver?.close()
  })

  it("adds an endpoint whose secret is shown once, sends it a signed test, lists the delivery, and deletes it after asking", async () => {
    const { page, errors, context } = await newPage(browser)
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: herald.url })
    await page.goto(`${herald.url}/sign-up`)
    await page.getByLabel("Your name").fill(ADA.name)
    await page.getByLabel("E-mail address").fill(ADA.email)
    await page.getByLabel("Password", { exact: true }).fill(ADA.password)
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("link", { name: "Webhooks" }).click()
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor()
    await page.getByText("You have no webhook endpoints yet.").waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])

    // not a web address: refused at its field
    await page.getByLabel("Address (URL)").fill("hooks.example.com")
    await page.getByRole("button", { name: "Add endpoint" }).click()
    await page.getByText("That is not a web address (it should start with https://).").waitFor()

    const url = receiver.url("/from-the-browser")
    await page.getByLabel("Address (URL)").fill(url)
    // "sent" and "could not be sent" are ticked to begin with; add the campaign's failure
    expect(await page.getByLabel("A message was sent", { exact: true }).isChecked()).toBe(true)
    await page.getByLabel("A campaign failed", { exact: true }).check()
    await page.getByRole("button", { name: "Add endpoint" }).click()
    const shown = page.getByLabel("Your endpoint's signing secret")
    await shown.waitFor()
    const secret = await shown.inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(await page.evaluate<string | null>("document.activeElement?.value ?? null")).toBe(secret)
    await page.getByRole("button", { name: "Copy" }).click()
    await page.getByRole("button", { name: "Copied" }).waitFor()
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(secret)
    expect(await seriousA11yViolations(page)).toEqual([])

    const endpoint = page.getByRole("region", { name: url })
    await endpoint.getByText("Sends: A message was sent; A message could not be sent; A campaign failed.").waitFor()
    await endpoint.getByText("Nothing sent yet.").waitFor()
    // once dismissed the secret is nowhere on the page, even after a reload
    await page.getByRole("button", { name: "Done" }).click()
    await page.reload()
    await endpoint.waitFor()
    expect(await page.content()).not.toContain(secret)

    await endpoint.getByRole("button", { name: "Send a test" }).click()
    await endpoint.getByText("The test was delivered (the endpoint answered 204).").waitFor()
    const ping = receiver.received.find((r) => r.path === "/from-the-browser")
    expect(JSON.parse(ping?.body ?? "{}")).toMatchObject({ type: "ping" })
    expect(ping?.headers["herald-signature"]).toBe(
      `sha256=${createHmac("sha256", secret).update(`${ping?.headers["herald-timestamp"]}.${ping?.body}`).digest("hex")}`
    )
    const row = endpoint.getByRole("row", { name: /Test/ })
    await row.waitFor()
    expect(await row.textContent()).toContain("Delivered")
    // the time in the viewer's words, not an ISO timestamp
    expect(await row.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
    expect(await seriousA11yViolations(page)).toEqual([])

    await endpoint.getByRole("button", { name: `Delete the endpoint ${url}` }).click()
    const question = page.getByRole("group", { name: `Delete the endpoint ${url}` })
    await question.getByText("Events not yet delivered to it are dropped.").waitFor()
    await question.getByRole("button", { name: "Yes, delete" }).click()
    await page.getByText("You have no webhook endpoints yet.").waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
