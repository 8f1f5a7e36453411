import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTENT_SECURITY_POLICY } from "../../src/interfaces/web/browserApp.ts"
import type { Standalone } from "../support/browser.ts"
import { BROWSER_SKIP_REASON, chromiumAvailable, launchChromium, newPage, startStandalone } from "../support/browser.ts"

describe.skipIf(!chromiumAvailable)(
  `the browser app is served by the standalone process (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    it("opens on the sign-in form under its Content-Security-Policy, with no console error", async () => {
      const { page, errors, context } = await newPage(browser)
      const response = await page.goto(herald.url)
      expect(response?.headers()["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY)
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      expect(page.url()).toBe(`${herald.url}/sign-in?next=%2F`)
      await expect(page.getByLabel("E-mail address").isVisible()).resolves.toBe(true)
      expect(await page.getByRole("contentinfo").textContent()).toContain("Herald")
      expect(errors).toEqual([])
      await context.close()
    })

    it("hides the footer when the server runs with PUBLIC_SHOW_FOOTER=false: read at run time, one build serves both", async () => {
      const hidden = await startStandalone({ PUBLIC_SHOW_FOOTER: "false" })
      try {
        const { page, errors, context } = await newPage(browser)
        await page.goto(`${hidden.url}/sign-in`)
        await page.getByRole("heading", { name: "Sign in" }).waitFor()
        expect(await page.getByRole("contentinfo").count()).toBe(0)
        expect(errors).toEqual([])
        await context.close()
      } finally {
        await hidden.stop()
      }
    })
  }
)
