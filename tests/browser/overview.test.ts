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
import { browserApi } from "../support/browserApi.ts"
import { eventually } from "../support/eventually.ts"

// The overview of what goes out when: the Upcoming screen (list by day, month calendar on wide
// screens), the campaign list's sort, filters and search, and "Find a message" in a campaign of
// 1,000 messages. In Chromium against the standalone process, the browser in Asia/Kolkata
// (UTC+05:30, no daylight saving) with British English, so days and headings are the viewer's.

const TIME_ZONE = "Asia/Kolkata"
const LOCALE = "en-GB"
const OFFSET = 5.5 * 3_600_000
const DAY = 86_400_000
/** The instant of a wall-clock time in Kolkata, `days` after today there. */
const kolkataAt = (days: number, hour: number, minute = 0) => {
  const today = new Date(Date.now() + OFFSET)
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hour, minute) - OFFSET
}
/** `yyyy-mm-dd` of an instant in Kolkata. */
const kolkataDay = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 10)
const dayName = (ms: number) =>
  new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", timeZone: TIME_ZONE }).format(ms)

type Api = ReturnType<typeof browserApi>

describe.skipIf(!chromiumAvailable)(
  `what goes out when (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    let context: BrowserContext
    let api: Api
    let sessionName: string
    let groups: ReadonlyArray<{ groupId: string; groupName: string }>
    let big: string
    const PLAN_START = kolkataAt(40, 8)

    const open = async (path: string, viewport = { width: 1280, height: 800 }) => {
      const page = await context.newPage()
      await page.setViewportSize(viewport)
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}${path}`)
      return { page, errors }
    }
    const fitsWidth = (page: Page) =>
      page.evaluate<boolean>("document.documentElement.scrollWidth <= document.documentElement.clientWidth")

    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
      context = await browser.newContext({ timezoneId: TIME_ZONE, locale: LOCALE })
      api = browserApi(context.request, herald.url)
      await api.auth.signUp.mutate({ email: "owner@example.org", password: "correct horse battery", name: "Owner" })
      sessionName = (await api.user.initiateMessagingSession.mutate()).sessionName
      await api.user.getSessionQR.query({ sessionName })
      await eventually(
        "the sandbox session is WORKING",
        () => api.user.getSessionStatus.query({ sessionName }),
        (s) => s.status === "WORKING"
      )
      groups = (await api.user.getMessagingGroups.query({ sessionName })).items
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    const plan = async (title: string, group: number, messages: ReadonlyArray<{ content: string; at: number }>) =>
      (
        await api.campaign.create.mutate({
          sessionName,
          ...groups[group]!,
          title,
          messages: messages.map((m) => ({ content: m.content, scheduledAt: new Date(m.at).toISOString() }))
        })
      ).id

    it("with nothing planned, Upcoming says so and offers to plan a campaign", async () => {
      const { page, errors } = await open("/campaigns")
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Upcoming" }).click()
      await page.waitForURL(`${herald.url}/upcoming`)
      await page.getByText("No message is waiting to go out.").waitFor()
      await page.getByRole("link", { name: "Plan a campaign" }).click()
      await page.waitForURL(`${herald.url}/campaigns/new`)
      expect(errors).toEqual([])
      await page.close()
    })

    it("lists the next messages by day with time, group, text and campaign; the calendar counts each day and shows one by keyboard", async () => {
      await plan("Choir practice", 0, [
        { content: "Practice tonight, bring the Mozart score", at: kolkataAt(1, 10) },
        { content: "Concert dress rehearsal", at: kolkataAt(2, 18) }
      ])
      await plan("Quiz night", 1, [
        { content: "Quiz starts at 7", at: kolkataAt(1, 19) },
        { content: "Results are in", at: kolkataAt(3, 9) }
      ])
      const { page, errors } = await open("/upcoming")
      const tomorrow = page.getByRole("region", { name: "Tomorrow" })
      await tomorrow.waitFor()
      const rows = tomorrow.getByRole("listitem")
      await expect(rows.count()).resolves.toBe(2)
      await expect(rows.nth(0).textContent()).resolves.toContain("10:00")
      await expect(rows.nth(0).textContent()).resolves.toContain(`To ${groups[0]!.groupName}`)
      await expect(rows.nth(0).textContent()).resolves.toContain("Practice tonight, bring the Mozart score")
      await expect(rows.nth(1).textContent()).resolves.toContain("Quiz starts at 7")
      // the day after tomorrow by its name, in the viewer's language
      await page.getByRole("heading", { name: dayName(kolkataAt(2, 12)), level: 3 }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])

      // the calendar: tomorrow holds 2 messages; reached from today with the arrow keys
      const calendar = page.getByRole("region", { name: /\d{4}$/ })
      await calendar.waitFor()
      const tomorrowLabel = `2 messages on ${dayName(kolkataAt(1, 12))}`
      const todayButton = calendar.locator('button[aria-current="date"]')
      await todayButton.focus()
      await page.keyboard.press("ArrowRight")
      await eventually(
        "tomorrow's day holds the focus",
        () => page.evaluate<string>('document.activeElement?.textContent ?? ""'),
        (text) => text.includes(tomorrowLabel),
        10_000
      )
      await page.keyboard.press("Enter")
      await page.getByRole("heading", { name: `Going out on ${dayName(kolkataAt(1, 12))}` }).waitFor()
      await page.waitForURL(`${herald.url}/upcoming?day=${kolkataDay(kolkataAt(1, 12))}`)
      const shownRows = () => page.getByRole("main").getByRole("listitem").count()
      await eventually("that day's two messages", shownRows, (n) => n === 2, 10_000)
      await expect(page.getByRole("button", { name: tomorrowLabel, pressed: true }).count()).resolves.toBe(1)
      await page.screenshot({ path: "/work/shots/h22-overview/upcoming-day-chosen-desktop.png" })
      // Page Down: the same day next month, whose title the calendar shows
      await page.keyboard.press("PageDown")
      await eventually(
        "a day of next month holds the focus",
        () => page.evaluate<string>('document.activeElement?.textContent ?? ""'),
        (label) => / on /.test(label) && !label.includes(dayName(kolkataAt(1, 12))),
        10_000
      )
      await page.getByRole("button", { name: "Previous month" }).click()
      await page.getByRole("button", { name: "Show all upcoming" }).click()
      await page.getByRole("heading", { name: "Next messages" }).waitFor()
      await eventually("every message again", shownRows, (n) => n === 4, 10_000)
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.screenshot({ path: "/work/shots/h22-overview/upcoming-desktop.png", fullPage: true })
      expect(errors).toEqual([])
      await page.close()
    })

    it("on a phone: the list alone, by day, fitting the screen", async () => {
      const { page, errors } = await open("/upcoming", { width: 390, height: 844 })
      await page.getByRole("region", { name: "Tomorrow" }).waitFor()
      await expect(page.getByRole("button", { name: "Previous month" }).count()).resolves.toBe(0)
      expect(await fitsWidth(page)).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.screenshot({ path: "/work/shots/h22-overview/upcoming-phone.png", fullPage: true })
      expect(errors).toEqual([])
      await page.close()
    })

    it("the campaign list sorts by next send, filters by status and group, searches texts; the address keeps them; a cancelled campaign says what it had planned", async () => {
      const trip = await plan("Trip", 0, [
        { content: "Bus leaves at 9", at: kolkataAt(5, 9) },
        { content: "Bus returns at 6", at: kolkataAt(6, 18) },
        { content: "Thanks for coming", at: kolkataAt(7, 10) }
      ])
      await api.campaign.cancel.mutate({ id: trip })
      const { page, errors } = await open("/campaigns")
      const list = page.getByRole("list", { name: "Your campaigns" })
      const titles = () => list.getByRole("heading", { level: 2 }).allTextContents()
      await list.getByRole("heading", { name: "Trip" }).waitFor()
      expect(await titles()).toEqual(["Choir practice", "Quiz night", "Trip"])
      await expect(list.getByRole("listitem").filter({ hasText: "Trip" }).textContent()).resolves.toContain(
        "Cancelled: 0 of 3 sent, 3 not sent."
      )

      await page.getByLabel("Sort").selectOption({ label: "Newest first" })
      await page.waitForURL(/sort=created/)
      await eventually("newest first", titles, (t) => t.join() === "Trip,Quiz night,Choir practice", 10_000)

      await page.getByLabel("Search titles and messages").fill("mozart")
      await page.waitForURL(/q=mozart/)
      await eventually("found by a message's text", titles, (t) => t.join() === "Choir practice", 10_000)
      await page.getByText("1 campaign matches.").waitFor()
      // reload keeps the search and the sort
      await page.reload()
      await expect(page.getByLabel("Search titles and messages").inputValue()).resolves.toBe("mozart")
      await eventually("the search survives a reload", titles, (t) => t.join() === "Choir practice", 10_000)

      await page.getByLabel("Search titles and messages").fill("")
      await eventually("every campaign again", titles, (t) => t.length === 3, 10_000)
      await page.getByLabel("Status").selectOption({ label: "Cancelled" })
      await eventually("the cancelled one", titles, (t) => t.join() === "Trip", 10_000)
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.screenshot({ path: "/work/shots/h22-overview/campaigns-filtered-desktop.png", fullPage: true })
      // back: the status filter goes, the sort stays
      await page.goBack()
      await eventually("back to every status", titles, (t) => t.length === 3, 10_000)
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("")
      await page.getByLabel("Group").selectOption({ label: groups[1]!.groupName })
      await eventually("the group's campaigns", titles, (t) => t.join() === "Quiz night", 10_000)
      await page.getByLabel("Group").selectOption({ label: "Any group" })
      await page.getByLabel("Search titles and messages").fill("nothing like this")
      await page.getByText("No campaign matches.").waitFor()
      await page.getByRole("button", { name: "Show every campaign" }).click()
      await eventually("every campaign", titles, (t) => t.length === 3, 10_000)
      expect(errors).toEqual([])
      await page.close()

      const phone = await open("/campaigns?status=CANCELLED", { width: 390, height: 844 })
      await phone.page.getByRole("list", { name: "Your campaigns" }).getByRole("heading", { name: "Trip" }).waitFor()
      expect(await fitsWidth(phone.page)).toBe(true)
      expect(await seriousA11yViolations(phone.page)).toEqual([])
      await phone.page.screenshot({ path: "/work/shots/h22-overview/campaigns-phone.png", fullPage: true })
      expect(phone.errors).toEqual([])
      await phone.page.close()
    })

    it("in a campaign of 1,000 messages (rows drawn lazily), finds one by its text and one by its date", async () => {
      // 500 daily messages to each of two groups: 1,000, the most a campaign may hold (MAX_MESSAGES_PER_CAMPAIGN)
      const messages = Array.from({ length: 500 }, (_, i) => ({
        content: i === 436 ? "Bring the paper lanterns tonight" : `Reminder number ${i + 1}`,
        scheduledAt: new Date(PLAN_START + i * DAY).toISOString()
      }))
      big = (
        await api.campaign.create.mutate({
          sessionName,
          targets: [groups[2]!, groups[3]!],
          title: "Big plan",
          messages
        })
      ).id
      const { page, errors } = await open(`/campaigns/${big}`)
      const rows = page.getByRole("list", { name: "Messages" }).getByRole("listitem")
      await eventually(
        "every row",
        () => rows.count(),
        (n) => n === 1_000,
        30_000
      )
      const find = page.getByRole("searchbox", { name: "Find a message" })

      await find.fill("paper LANTERNS")
      await page.getByText("2 of 1,000 messages match.").waitFor()
      await expect(rows.count()).resolves.toBe(2)
      await expect(rows.first().textContent()).resolves.toContain("Bring the paper lanterns tonight")

      // by date: the 400th day of the plan, as typed both ways
      const day = PLAN_START + 399 * DAY
      await find.fill(kolkataDay(day))
      // the count reads as it did for the text ("2 of 1,000" too): wait for the rows themselves
      await rows.filter({ hasText: "Reminder number 400" }).first().waitFor()
      await page.getByText("2 of 1,000 messages match.").waitFor()
      await expect(rows.count()).resolves.toBe(2)
      await expect(rows.first().textContent()).resolves.toContain("Reminder number 400")
      const [y, m, d] = kolkataDay(day).split("-").map(Number)
      const typed = `${d} ${new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" }).format(Date.UTC(y!, m! - 1, 15))} ${y}`
      await find.fill(typed)
      await page.getByText("2 of 1,000 messages match.").waitFor()
      await expect(rows.first().textContent()).resolves.toContain("Reminder number 400")
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.evaluate('document.querySelector("search")?.scrollIntoView({ block: "start" })')
      await page.screenshot({ path: "/work/shots/h22-overview/find-a-message-desktop.png" })

      // Escape clears: every row again
      await find.press("Escape")
      await eventually(
        "every row again",
        () => rows.count(),
        (n) => n === 1_000,
        10_000
      )
      await expect(find.inputValue()).resolves.toBe("")
      await find.fill("no such words")
      await page.getByText("No message matches.").waitFor()
      await expect(rows.count()).resolves.toBe(0)
      expect(errors).toEqual([])
      await page.close()

      const phone = await open(`/campaigns/${big}`, { width: 390, height: 844 })
      const phoneFind = phone.page.getByRole("searchbox", { name: "Find a message" })
      await phoneFind.fill("lanterns")
      await phone.page.getByText("2 of 1,000 messages match.").waitFor()
      expect(await fitsWidth(phone.page)).toBe(true)
      expect(await seriousA11yViolations(phone.page)).toEqual([])
      await phone.page.evaluate('document.querySelector("search")?.scrollIntoView({ block: "start" })')
      await phone.page.screenshot({ path: "/work/shots/h22-overview/find-a-message-phone.png" })
      expect(phone.errors).toEqual([])
      await phone.page.close()
    })
  }
)
