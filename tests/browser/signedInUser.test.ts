import type { Browser, Page, Route } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Standalone } from "../support/browser.ts"
import { BROWSER_SKIP_REASON, chromiumAvailable, launchChromium, newPage, startStandalone } from "../support/browser.ts"
import { browserApi, connectSandboxSession } from "../support/browserApi.ts"

// Who is signed in decides what the page may show: query keys carry no user, so the app forgets
// the cache whenever the signed-in user changes (signedInUser.ts). Everything here happens in ONE
// tab, without reloading: a reload would start with an empty cache and prove nothing.

const ANN = { name: "Ann First", email: "ann@example.org", password: "ann's password" }
const BEN = { name: "Ben Second", email: "ben@example.org", password: "ben's password" }
const ANN_TITLE = "Ann's secret plan"
const ANN_PHONE = "+4915112345678"

const signInHere = async (page: Page, person: { readonly email: string; readonly password: string }) => {
  await page.getByRole("heading", { name: "Sign in" }).waitFor()
  await page.getByLabel("E-mail address").fill(person.email)
  await page.getByLabel("Password", { exact: true }).fill(person.password)
  await page.getByRole("button", { name: "Sign in" }).click()
}

/** A failed call the test provoked on purpose (Chromium's "Failed to load resource … status of N"): set aside. */
const unexpected = (errors: ReadonlyArray<string>, ...statuses: ReadonlyArray<number>) =>
  errors.filter(
    (e) => !statuses.some((s) => e.includes(`Failed to load resource: the server responded with a status of ${s}`))
  )

describe.skipIf(!chromiumAvailable)(
  `the signed-in user changes in one tab (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    let campaignId: string
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone({ REQUIRE_APPROVAL: "false" })])
      // Ann: a connected WhatsApp session with a phone number and a campaign; Ben: nothing yet
      const setUp = await browser.newContext()
      const ann = browserApi(setUp.request, herald.url)
      await ann.auth.signUp.mutate(ANN)
      const sessionName = await connectSandboxSession(ann)
      const { session } = await ann.user.getMessagingSession.query()
      await ann.user.updateSessionPhone.mutate({ id: session!.id, phoneNumber: ANN_PHONE })
      const group = (await ann.user.getMessagingGroups.query({ sessionName })).items[0]!
      campaignId = (
        await ann.campaign.create.mutate({
          sessionName,
          groupId: group.groupId,
          groupName: group.groupName,
          title: ANN_TITLE,
          messages: [{ content: "Ann's first news", scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString() }]
        })
      ).id
      await setUp.close()
      const other = await browser.newContext()
      await browserApi(other.request, herald.url).auth.signUp.mutate(BEN)
      await other.close()
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    it("Ann's session ended elsewhere: her open page goes to sign-in at its next call; Ben, signing in next in the tab, never sees her data", async () => {
      const { context, page, errors } = await newPage(browser)
      await page.goto(`${herald.url}/sign-in`)
      await signInHere(page, ANN)
      const main = page.getByRole("main")
      const nav = page.getByRole("navigation", { name: "Main" })
      await main.getByRole("link", { name: ANN_TITLE }).waitFor()
      await nav.getByRole("link", { name: "WhatsApp" }).click()
      await main.getByText(ANN_PHONE).waitFor()
      await page.goBack()
      await main.getByRole("link", { name: ANN_TITLE }).waitFor()

      // her session is ended server-side (signed out from another browser holding the same cookie);
      // this tab still holds the cookie and everything it cached
      const elsewhere = await browser.newContext()
      await elsewhere.addCookies(await context.cookies())
      await browserApi(elsewhere.request, herald.url).auth.signOut.mutate()
      await elsewhere.close()

      // the next call is refused (UNAUTHORIZED): the page asks auth.me again and leads to sign-in
      await main.getByRole("link", { name: ANN_TITLE }).click()
      await page.waitForURL(/\/sign-in\?next=/)
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      expect(await page.getByRole("banner").textContent()).not.toContain(ANN.name)

      // Ben signs in here, through the home link (in the app: no reload); his campaign list is held
      // back, so what shows meanwhile can only come from the cache
      await page.getByRole("banner").getByRole("link", { name: "Herald" }).click()
      const held: Array<Route> = []
      await page.route(
        (url) => url.pathname.startsWith("/api/trpc/") && /campaign\.list|user\.getMessagingSession/.test(url.pathname),
        (route) => void held.push(route)
      )
      await signInHere(page, BEN)
      await page.waitForURL(`${herald.url}/campaigns`)
      await page.getByRole("banner").getByText(BEN.name).waitFor()
      await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(await main.textContent()).not.toContain(ANN_TITLE)
      expect(await page.getByRole("banner").textContent()).not.toContain("Connected")
      await page.unroute("**/*")
      for (const route of held.splice(0)) await route.continue()
      await main.getByRole("heading", { name: "No campaigns yet" }).waitFor()
      expect(await main.textContent()).not.toContain(ANN_TITLE)

      // and his WhatsApp page is his own: not connected, no trace of Ann's number
      await nav.getByRole("link", { name: "WhatsApp" }).click()
      await main.getByRole("heading", { name: "Not connected" }).waitFor()
      expect(await page.content()).not.toContain(ANN_PHONE)
      // Ann's campaign, opened by Ben, is not his
      await page.goto(`${herald.url}/campaigns/${campaignId}`)
      await main.getByText("This campaign does not exist, or it is not yours.").waitFor()
      // the refusals provoked: Ann's ended session, Ben opening Ann's campaign
      expect(unexpected(errors, 401, 404)).toEqual([])
      await context.close()
    })

    it("after a sign-out from the header, the next user sees nothing of the previous one, even before their own data arrives", async () => {
      const { context, page, errors } = await newPage(browser)
      await page.goto(`${herald.url}/sign-in`)
      await signInHere(page, ANN)
      const main = page.getByRole("main")
      await main.getByRole("link", { name: ANN_TITLE }).waitFor()
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click()
      await page.waitForURL(/\/sign-in/)
      const held: Array<Route> = []
      await page.route(
        (url) => url.pathname.startsWith("/api/trpc/") && url.pathname.includes("campaign.list"),
        (route) => void held.push(route)
      )
      await signInHere(page, BEN)
      await page.waitForURL(`${herald.url}/campaigns`)
      await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(await main.textContent()).not.toContain(ANN_TITLE)
      await page.unroute("**/*")
      for (const route of held.splice(0)) await route.continue()
      await main.getByRole("heading", { name: "No campaigns yet" }).waitFor()
      expect(errors).toEqual([])
      await context.close()
    })

    it("a sign-out the server fails says so and leaves the user signed in, as the server still has them", async () => {
      const { context, page, errors } = await newPage(browser)
      await page.goto(`${herald.url}/sign-in`)
      await signInHere(page, BEN)
      await page.getByRole("main").getByRole("heading", { name: "No campaigns yet" }).waitFor()
      await page.route(
        (url) => url.pathname.includes("auth.signOut"),
        (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify([
              {
                error: {
                  message: "the database cannot be reached; try again shortly",
                  code: -32603,
                  data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 }
                }
              }
            ])
          })
      )
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click()
      await page
        .getByRole("alert")
        .getByText("Could not sign out: the database cannot be reached; try again shortly")
        .waitFor()
      // auth.me, asked again, still answers Ben (the cookie was not cleared): still on his page
      expect(page.url()).toBe(`${herald.url}/campaigns`)
      await page.getByRole("banner").getByText(BEN.name).waitFor()
      expect(unexpected(errors, 503)).toEqual([])
      await context.close()
    })
  }
)
