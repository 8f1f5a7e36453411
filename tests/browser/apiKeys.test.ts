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

// Issue 26 item 1 in the browser: the account's API keys page (under the header's "API keys"),
// on `npm start` (SQLite): create with name, access and expiry, the key shown once with a copy
// button, used by a script, revoked after a confirmation and refused from then on.

const ADA = { name: "Ada Admin", email: "ada@example.org", password: "first account pw" }

/** What a script calling campaign.list with `key` gets: the HTTP status. */
const listWith = async (url: string, key: string): Promise<number> =>
  (await fetch(`${url}/api/trpc/campaign.list`, { headers: { authorization: `Bearer ${key}` } })).status

describe.skipIf(!chromiumAvailable)(`API keys page (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`, () => {
  let browser: Browser
  let herald: Standalone
  beforeAll(async () => {
    ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
  })
  afterAll(async () => {
    await browser?.close()
    await herald?.stop()
  })

  it("creates a read-and-write key shown once with a copy button, lists it without the key, and revokes it after asking", async () => {
    const { page, errors, context } = await newPage(browser)
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: herald.url })
    await page.goto(`${herald.url}/sign-up`)
    await page.getByLabel("Your name").fill(ADA.name)
    await page.getByLabel("E-mail address").fill(ADA.email)
    await page.getByLabel("Password", { exact: true }).fill(ADA.password)
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("link", { name: "API keys" }).click()
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor()
    await page.getByText("You have no API keys yet.").waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])

    // a blank name is refused at its field
    await page.getByRole("button", { name: "Create key" }).click()
    await page.getByText("give the key a name").waitFor()

    await page.getByLabel("Name").fill("Shop's weekly post")
    await page.getByLabel("Access").selectOption({ label: "Read and write" })
    await page.getByLabel("Expires on (optional)").fill("2099-12-31")
    await page.getByRole("button", { name: "Create key" }).click()
    const shown = page.getByLabel("Your new API key")
    await shown.waitFor()
    const key = await shown.inputValue()
    expect(key).toMatch(/^hk_[A-Za-z0-9_-]{43}$/)
    // the key's field has the focus, to be read or copied first
    expect(await page.evaluate<string | null>("document.activeElement?.value ?? null")).toBe(key)
    await page.getByRole("button", { name: "Copy" }).click()
    await page.getByRole("button", { name: "Copied" }).waitFor()
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(key)
    expect(await seriousA11yViolations(page)).toEqual([])

    const row = page.getByRole("row", { name: /Shop's weekly post/ })
    await row.waitFor()
    expect(await row.textContent()).toContain("Read and write")
    expect(await row.textContent()).toContain("In use")

    // a script uses it; once dismissed the key is nowhere on the page, even after a reload
    expect(await listWith(herald.url, key)).toBe(200)
    await page.getByRole("button", { name: "Done" }).click()
    await page.reload()
    await row.waitFor()
    expect(await page.content()).not.toContain(key)
    expect(await row.textContent()).not.toContain("Never")

    await row.getByRole("button", { name: "Revoke the key Shop's weekly post" }).click()
    const question = page.getByRole("group", { name: "Revoke the key Shop's weekly post" })
    await question.getByText("Whatever uses it is refused from its next request.").waitFor()
    await question.getByRole("button", { name: "Yes, revoke" }).click()
    await page.getByRole("cell", { name: "Revoked" }).waitFor()
    expect(await listWith(herald.url, key)).toBe(401)
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
