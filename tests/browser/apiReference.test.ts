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

// Issue 26 item 2 in the browser: the HTTP API's reference page (/api/v1/docs) renders under the
// application's Content-Security-Policy (no CSP refusal, no script), reads by its headings and
// links, and is axe clean. SCREENSHOT_DIR=<dir> keeps a screenshot of it.

describe.skipIf(!chromiumAvailable)(`/api/v1/docs (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`, () => {
  let browser: Browser
  let herald: Standalone
  beforeAll(async () => {
    ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
  })
  afterAll(async () => {
    await browser?.close()
    await herald?.stop()
  })

  it("lists every operation with its curl example, links to the document, no CSP refusal, axe clean", async () => {
    const { context, page, errors } = await newPage(browser)
    // its stylesheet is the application's own (no inline style: the CSP's style-src 'self')
    const styles: Array<number> = []
    page.on("response", (response) => {
      if (response.url().endsWith("/api/v1/docs.css")) styles.push(response.status())
    })
    const answer = await page.goto(`${herald.url}/api/v1/docs`)
    expect(answer?.status()).toBe(200)
    await expect.poll(() => page.getByRole("heading", { level: 1, name: /Herald HTTP API/ }).count()).toBe(1)
    const operations = page.getByRole("navigation", { name: "Operations" })
    await operations.getByRole("link", { name: "POST /campaigns", exact: true }).click({ timeout: 5_000 })
    await expect.poll(() => new URL(page.url()).hash).toBe("#campaign-create")
    const create = page.getByRole("region", { name: /POST \/api\/v1\/campaigns Create a campaign/ })
    expect(await create.getByText(/curl -X POST "\$HERALD\/api\/v1\/campaigns"/).count()).toBe(1)
    expect(await create.getByRole("cell", { name: "Idempotency-Key" }).count()).toBe(1)
    expect(await page.getByRole("link", { name: "/api/v1/openapi.json" }).getAttribute("href")).toBe(
      "/api/v1/openapi.json"
    )
    expect(styles).toEqual([200])
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-docs.png`, fullPage: false })
      await page.goto(`${herald.url}/api/v1/docs`)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-docs-top.png` })
    }
    const violations = await seriousA11yViolations(page)
    expect(violations, JSON.stringify(violations, null, 1).slice(0, 3000)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
