import { mkdirSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
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
import { browserApi } from "../support/browserApi.ts"
import { nextWholeMinute } from "../support/calendar.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { engineContacts, engineGroups } from "../support/wahaEngineFixtures.ts"

// The number's Status as a campaign target (issue 25 item 2), planned in the browser against the
// standalone process posting to the fake WAHA: a repeating campaign to a group and the Status with
// a colour, a font and chosen contacts; on WEBJS the form says a Status goes to all contacts.
// SCREENSHOT_DIR=<dir> keeps screenshots of the form and the campaign page at 1280 and 390 wide.

const TIME_ZONE = "Europe/Berlin"
const CLUB = { id: "120363000000000201@g.us", subject: "Club A" }
const PEOPLE = [
  { id: "4915112345678@c.us", name: "Ann Meyer" },
  { id: "4915187654321@c.us", name: "Ben Kurz" }
]
const shots = process.env["SCREENSHOT_DIR"]
if (shots !== undefined) mkdirSync(shots, { recursive: true })
const shoot = async (page: Page, name: string) => {
  if (shots === undefined) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe.skipIf(!chromiumAvailable)(
  `the Status as a campaign target (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let fake: FakeWaha
    let herald: Standalone
    beforeAll(async () => {
      fake = await startFakeWaha()
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({ GATEWAY_API_URL: fake.url, GATEWAY_API_KEY: FAKE_WAHA_API_KEY })
      ])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
      await fake?.close()
    })

    it("NOWEB: a daily campaign to a group and the Status in amber, typewriter, for one chosen contact; the first Status goes out once as planned", async () => {
      fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signUp.mutate({ email: "owner@example.org", password: "correct horse battery", name: "Owner" })
      const { sessionName } = await call.user.initiateMessagingSession.mutate()
      fake.setGroups(sessionName, engineGroups("NOWEB", [CLUB]))
      fake.setContacts(sessionName, engineContacts("NOWEB", PEOPLE))
      fake.setSessionStatus(sessionName, "WORKING")
      await eventually(
        "the session is WORKING",
        () => call.user.getSessionStatus.query({ sessionName }),
        (s) => s.status === "WORKING"
      )
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByRole("checkbox", { name: "Club A" }).check()
      await page.getByRole("checkbox", { name: "Also post to my Status" }).check()
      await page.getByRole("button", { name: "Amber" }).click()
      await page.getByLabel("Font", { exact: true }).selectOption({ label: "Typewriter" })
      await page.getByRole("radio", { name: "Chosen contacts" }).check()
      await page.getByRole("checkbox", { name: /Ann Meyer/ }).check()
      await page.getByText("1 contact sees it.").waitFor()

      await page.getByRole("radio", { name: "A repeating message" }).check()
      const due = nextWholeMinute(TIME_ZONE, 25_000)
      await page.getByLabel("How often").selectOption("DAILY")
      await page.getByLabel("Start date").fill(due.date)
      const tomorrow = new Date(Date.parse(`${due.date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      await page.getByLabel("End date (included)").fill(tomorrow)
      await page.getByLabel("Send time").fill(due.time)
      await page.getByLabel("Message template").fill("Open day at the club")
      await page.getByLabel("Free-form (no title header)").check()
      // the card draws the text on the chosen colour
      await page
        .getByRole("img", { name: /Preview of your Status: Open day at the club on amber, font Typewriter/ })
        .waitFor()
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: /Preview: \d+ messages?/ }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "status-form")
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/[^/]+$/)
      const row = page.getByTestId("target-row").filter({ hasText: "your Status" })
      await row.getByText("Your Status, seen by 1 chosen contact").waitFor()
      // named in the app's words, not by its stored English name ("My Status")
      expect(await row.getByRole("rowheader").textContent()).toMatch(/^your Status/)
      // the Status is not a group: its own section, and counted as itself
      await page.getByRole("heading", { name: "Your Status" }).waitFor()
      expect(await page.getByRole("heading", { name: /^Groups \(/ }).textContent()).toBe("Groups (1)")
      await page.getByText("To 1 group and your Status").waitFor()

      await eventually(
        "the first Status is posted",
        () => fake.statuses.length,
        (n) => n >= 1,
        Math.max(0, due.at - Date.now()) + 40_000
      )
      await row.getByText("State: In progress").waitFor({ timeout: 20_000 })
      expect(fake.statuses).toHaveLength(1)
      expect(fake.statuses[0]).toMatchObject({
        kind: "text",
        session: sessionName,
        body: {
          text: "Open day at the club",
          backgroundColor: "#f0b330",
          font: 10,
          contacts: ["4915112345678@c.us"]
        }
      })
      expect(fake.sent.filter((m) => m.chatId === CLUB.id).map((m) => m.text)).toEqual(["Open day at the club"])
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "status-campaign")
      expect(errors).toEqual([])
      await context.close()
    }, 150_000)

    it("WEBJS: the form says a Status goes to all contacts instead of offering a choice", async () => {
      fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signIn.mutate({ email: "owner@example.org", password: "correct horse battery" })
      const { sessionName } = await call.user.initiateMessagingSession.mutate()
      fake.setSessionStatus(sessionName, "WORKING")
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByRole("checkbox", { name: "Also post to my Status" }).check()
      await page.getByText("on this WhatsApp gateway a Status goes to all your contacts").waitFor()
      expect(await page.getByRole("radio", { name: "Chosen contacts" }).count()).toBe(0)
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "status-webjs")
      expect(errors).toEqual([])
      await context.close()
    }, 60_000)

    /** The new-campaign form in `locale` on an older NOWEB, its Status ticked (`also`: that checkbox's name). */
    const olderNowebForm = async (locale: string, also: string) => {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale })
      const call = browserApi(context.request, herald.url)
      await call.auth.signIn.mutate({ email: "owner@example.org", password: "correct horse battery" })
      const { sessionName } = await call.user.initiateMessagingSession.mutate()
      fake.setSessionStatus(sessionName, "WORKING")
      // an older WAHA Plus (Core of that time allowed only the session "default")
      fake.setServerVersion({ engine: "NOWEB", version: "2024.10.1", tier: "PLUS" })
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("checkbox", { name: also }).check()
      await page.getByTestId("status-chosen-only").waitFor()
      return { context, page, errors }
    }

    it("NOWEB before 2024.11.4: all contacts cannot be had, so the form takes chosen contacts and says why", async () => {
      const { context, page, errors } = await olderNowebForm("en-US", "Also post to my Status")
      expect(await page.getByTestId("status-chosen-only").textContent()).toMatch(
        /only the contacts you pick below.*all contacts needs WAHA 2024\.11\.4 or later/
      )
      expect(await page.getByRole("radio", { name: "All my contacts" }).count()).toBe(0)
      // the contact chooser is shown: the audience became chosen contacts
      await page.getByLabel("Search your contacts").waitFor()
      await shoot(page, "status-chosen-only")
      expect(errors).toEqual([])
      await context.close()
    }, 60_000)

    it("the same in German: the gateway's reason in German inside the German sentence", async () => {
      const { context, page, errors } = await olderNowebForm("de-DE", "Auch in meinem Status posten")
      expect(await page.getByTestId("status-chosen-only").textContent()).toBe(
        "Wer es sieht: nur die Kontakte, die du unten auswählst. Nicht alle deine Kontakte: Ein Status an alle Kontakte: Das WhatsApp-Gateway (WAHA 2024.10.1) bietet das erst ab WAHA 2024.11.4 an. Lass es weg oder bitte die Person, die Herald betreut, WAHA zu aktualisieren."
      )
      await shoot(page, "status-chosen-only-de")
      expect(errors).toEqual([])
      await context.close()
    }, 60_000)
  }
)
