import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Standalone } from "../support/browser.ts"
import {
  BROWSER_SKIP_REASON,
  chromiumAvailable,
  launchChromium,
  seriousA11yViolations,
  startStandalone,
  watchForErrors
} from "../support/browser.ts"
import { browserApi, connectSandboxSession } from "../support/browserApi.ts"

// What axe cannot see: the tab's title per screen, where the focus goes after an in-app
// navigation and after an action removed the button that had it, the polite announcement of the
// outcome; and a screen whose code cannot be loaded (a redeploy since the tab was opened).

const hour = 3_600_000

type Api = ReturnType<typeof browserApi>

const focused = (page: Page) =>
  page.evaluate<{ tag: string | null; text: string | null }>(
    "({ tag: document.activeElement?.tagName ?? null, text: document.activeElement?.textContent ?? null })"
  )

const liveRegion = (page: Page) => page.locator('[role="status"][aria-live="polite"]')

describe.skipIf(!chromiumAvailable)(
  `titles, focus and failing screens (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    let context: BrowserContext
    let api: Api
    let plan: (title: string, contents: ReadonlyArray<string>) => Promise<string>
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
      context = await browser.newContext()
      api = browserApi(context.request, herald.url)
      await api.auth.signUp.mutate({ email: "ada@example.org", password: "correct horse battery", name: "Ada" })
      const sessionName = await connectSandboxSession(api)
      const group = (await api.user.getMessagingGroups.query({ sessionName })).items[0]!
      plan = async (title, contents) =>
        (
          await api.campaign.create.mutate({
            sessionName,
            groupId: group.groupId,
            groupName: group.groupName,
            title,
            messages: contents.map((content, i) => ({
              content,
              scheduledAt: new Date(Date.now() + (3 + i) * hour).toISOString()
            }))
          })
        ).id
    })
    afterAll(async () => {
      await context?.close()
      await browser?.close()
      await herald?.stop()
    })

    it("titles the tab after each screen; after a click on a link the screen's heading has the focus, not on the first load", async () => {
      await plan("Weekly news", ["Issue 1"])
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns`)
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor()
      expect(await page.title()).toBe("Campaigns – Herald")
      // a page load starts at the top of the document: nothing is focused for the reader
      expect((await focused(page)).tag).toBe("BODY")
      const nav = page.getByRole("navigation", { name: "Main" })
      for (const [link, title] of [
        ["WhatsApp", "WhatsApp"],
        ["New campaign", "New campaign"],
        ["Campaigns", "Campaigns"]
      ] as const) {
        await nav.getByRole("link", { name: link }).click()
        await page.getByRole("heading", { name: title, level: 1 }).waitFor()
        await expect.poll(() => focused(page)).toEqual({ tag: "H1", text: title })
        expect(await page.title()).toBe(`${title} – Herald`)
      }
      await page.getByRole("link", { name: "Weekly news" }).click()
      await page.getByRole("heading", { name: "Weekly news", level: 1 }).waitFor()
      await expect.poll(() => focused(page)).toEqual({ tag: "H1", text: "Weekly news" })
      expect(await page.title()).toBe("Weekly news – Herald")
      // signing out leads to the sign-in screen, titled and focused alike
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click()
      await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor()
      await expect.poll(() => focused(page)).toEqual({ tag: "H1", text: "Sign in" })
      expect(await page.title()).toBe("Sign in – Herald")
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
      // back in for the next tests (the sign-out ended this context's session)
      await api.auth.signIn.mutate({ email: "ada@example.org", password: "correct horse battery" })
    })

    it("after 'Yes, delete it' the focus is on the message's row and the deletion is announced; after cancelling the campaign, on its heading", async () => {
      const id = await plan("To tidy", ["Drop me", "Keep me"])
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const row = page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: "Drop me" })
      await row.getByRole("button", { name: /^Delete/ }).click()
      await row.getByRole("button", { name: "Yes, delete it" }).click()
      await row.getByText("Deleted: it will not be sent.").waitFor()
      await expect.poll(() => page.evaluate("document.activeElement?.tagName")).toBe("LI")
      expect((await focused(page)).text).toContain("Drop me")
      await expect
        .poll(() => liveRegion(page).textContent())
        .toMatch(/^The message of .+ is deleted: it will not be sent\.$/)

      await page.getByRole("button", { name: "Cancel campaign" }).click()
      await page.getByRole("button", { name: "Yes, cancel the campaign" }).click()
      await page.getByText("Status: Cancelled").first().waitFor()
      await expect.poll(() => focused(page)).toEqual({ tag: "H1", text: "To tidy" })
      await expect
        .poll(() => liveRegion(page).textContent())
        .toBe("The campaign is cancelled: its messages not yet sent will not be sent.")
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    })

    it("a screen whose code cannot be loaded (the app was redeployed) says so with a Reload button; header and footer stay", async () => {
      const page = await context.newPage()
      const errors = watchForErrors(page)
      // the file names of the version this tab was opened with are gone from the server
      await page.route("**/assets/CampaignsPage-*.js", (route) => route.fulfill({ status: 404, body: "Not found" }))
      await page.goto(`${herald.url}/whatsapp`)
      await page.getByRole("heading", { name: "WhatsApp", level: 1 }).waitFor()
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click()
      await page.getByRole("heading", { name: "Herald has been updated", level: 1 }).waitFor()
      expect(await page.getByRole("main").textContent()).toContain("Reload to get the new version.")
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true)
      expect(await page.getByRole("contentinfo").isVisible()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])
      // another screen still works, and Reload loads the screen anew (the new version)
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "WhatsApp" }).click()
      await page.getByRole("heading", { name: "WhatsApp", level: 1 }).waitFor()
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click()
      await page.getByRole("button", { name: "Reload" }).waitFor()
      await page.unroute("**/assets/CampaignsPage-*.js")
      await page.getByRole("button", { name: "Reload" }).click()
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor()
      // the missing file (404) and the import that failed with it, and nothing else
      expect(errors.filter((e) => !/CampaignsPage-|status of 404|dynamically imported module/.test(e))).toEqual([])
      await page.close()
    })
  }
)
