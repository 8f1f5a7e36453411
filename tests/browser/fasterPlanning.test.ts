import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { wallClockInstant } from "../../src/domain/campaign/Recurrence.ts"
import type { Standalone } from "../support/browser.ts"
import {
  BROWSER_SKIP_REASON,
  chromiumAvailable,
  launchChromium,
  newPage,
  seriousA11yViolations,
  startStandalone
} from "../support/browser.ts"
import { browserApi, connectSandboxSession } from "../support/browserApi.ts"
import { addDays, todayInParis } from "../support/calendar.ts"

// Issue 14 item 7 in the browser against `npm start` (standalone, sandbox gateway): a CSV file
// imported into the new-campaign form, and a campaign duplicated from its page.

const CHOIR = { groupId: "120363000000000012@g.us", groupName: "Choir" }

/** The ISO instant of `HH:MM` on `date` in Paris (the domain's own rule, DST included). */
const inParis = (date: string, time: string): string => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number]
  const [hours, minutes] = time.split(":").map(Number) as [number, number]
  return new Date(wallClockInstant({ year, month, day }, hours, minutes, "Europe/Paris")!).toISOString()
}

const csvFile = (text: string, name = "plan.csv") => ({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") })

describe.skipIf(!chromiumAvailable)(
  `faster planning in the browser (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
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

    it("import a CSV: a bad row is named by its line; the fixed file's rows are added, previewed and saved", {
      timeout: 90_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, { timezoneId: "Europe/Paris" })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signUp.mutate({ email: "csv@example.com", password: "correct horse battery", name: "Planner" })
      await connectSandboxSession(trpc)

      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByLabel("Search groups").fill("Choir")
      await page.getByRole("checkbox", { name: "Choir" }).check()
      await page.getByLabel("Title (optional)").fill("From a file")
      await page.getByLabel("Messages on dates I choose").check()
      await page.getByLabel("Time zone").selectOption("Europe/Paris")

      const today = todayInParis()
      const [d1, d2, d3] = [addDays(today, 5), addDays(today, 6), addDays(today, 8)]
      // the quoted text spans lines 2 and 3: the bad row is on line 4
      const bad = `date,time,text\n${d1},09:00,"Hello, all:\nbring ""music"""\n${d2},25:00,Rehearsal\n${d3},18:30,Concert\n`
      await page.getByLabel("CSV file").setInputFiles(csvFile(bad))
      const problem = page.getByTestId("csv-problem")
      await problem.waitFor()
      expect(await problem.allTextContents()).toEqual(['Line 4: time "25:00" is not a time as HH:MM (00:00 to 23:59)'])
      expect(await page.getByTestId("csv-message").count()).toBe(2)
      // no button that looks enabled and is not: the good rows can be added, the bad line named
      expect(await page.getByRole("button", { name: /^Add \d+ messages$/ }).count()).toBe(0)
      const addGood = page.getByRole("button", { name: "Add the 2 good rows" })
      expect(await addGood.isEnabled()).toBe(true)
      expect(await page.getByTestId("csv-skipped").textContent()).toBe("Skips line 4 of the file.")
      if (process.env.CSV_SCREENSHOT) await page.screenshot({ path: process.env.CSV_SCREENSHOT, fullPage: true })
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.getByLabel("CSV file").setInputFiles(csvFile(bad.replace("25:00", "19:00")))
      const add = page.getByRole("button", { name: "Add 3 messages" })
      await add.waitFor()
      expect(await problem.count()).toBe(0)
      // each row with its send time in the zone, named
      expect(await page.getByTestId("csv-message").first().textContent()).toMatch(/9:00 AM/)
      await page.getByText("Times in Europe/Paris").waitFor()
      await add.click()
      // the form's empty first row gave way to the file's rows
      expect(await page.getByLabel("Text of message 1").inputValue()).toBe('Hello, all:\nbring "music"')
      expect(await page.getByLabel("Date of message 2").inputValue()).toBe(d2)
      expect(await page.getByLabel("Time of message 2").inputValue()).toBe("19:00")
      expect(await page.getByLabel("Text of message 3").inputValue()).toBe("Concert")
      expect(await page.getByLabel("Text of message 4").count()).toBe(0)

      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 3 messages" }).waitFor()
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/(?!new$)[^/?]+$/)
      const id = new URL(page.url()).pathname.split("/").at(-1)!
      const saved = await trpc.campaign.get.query({ id })
      expect(saved.title).toBe("From a file")
      expect(saved.group).toEqual(CHOIR)
      expect(saved.messages.map((m) => [m.scheduledAt, m.content])).toEqual([
        [inParis(d1, "09:00"), 'Hello, all:\nbring "music"'],
        [inParis(d2, "19:00"), "Rehearsal"],
        [inParis(d3, "18:30"), "Concert"]
      ])
      expect(errors).toEqual([])
      await context.close()
    })

    it("a CSV with one bad row: 'Add the 2 good rows' adds those two and says which line was skipped", {
      timeout: 90_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, { timezoneId: "Europe/Paris" })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signIn.mutate({ email: "csv@example.com", password: "correct horse battery" })
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByLabel("Messages on dates I choose").check()
      await page.getByLabel("Time zone").selectOption("Europe/Paris")
      const today = todayInParis()
      const [d1, d2, d3] = [addDays(today, 5), addDays(today, 6), addDays(today, 8)]
      await page
        .getByLabel("Choose a CSV file")
        .setInputFiles(csvFile(`${d1},09:00,Warm-up\n${d2},9 am,Rehearsal\n${d3},18:30,Concert\n`, "season.csv"))
      await page.getByTestId("csv-problem").waitFor()
      expect(await page.getByTestId("file-chosen").last().textContent()).toBe("season.csv")
      expect(await page.getByTestId("csv-problem").allTextContents()).toEqual([
        expect.stringMatching(/^Line 2: time "9 am" is not a time/)
      ])
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Add the 2 good rows" }).click()
      await page.getByTestId("csv-added").waitFor()
      expect(await page.getByTestId("csv-added").textContent()).toBe(
        "Added 2 messages from season.csv, skipping line 2 of the file."
      )
      expect(await page.getByLabel("Text of message 1").inputValue()).toBe("Warm-up")
      expect(await page.getByLabel("Text of message 2").inputValue()).toBe("Concert")
      expect(await page.getByLabel("Date of message 2").inputValue()).toBe(d3)
      expect(await page.getByLabel("Text of message 3").count()).toBe(0)
      expect(errors).toEqual([])
      await context.close()
    })

    it("duplicate from the campaign's page: the form holds its messages on a new start date; saved as a new campaign", {
      timeout: 90_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, { timezoneId: "Europe/Paris" })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signIn.mutate({ email: "csv@example.com", password: "correct horse battery" })
      const sessionName = (await trpc.user.getMessagingSession.query()).session!.sessionName
      const today = todayInParis()
      const { id } = await trpc.campaign.create.mutate({
        sessionName,
        ...CHOIR,
        title: "Rehearsals",
        messages: [
          { content: "First rehearsal", scheduledAt: inParis(addDays(today, 3), "09:00") },
          { content: "Second rehearsal", scheduledAt: inParis(addDays(today, 5), "18:30") }
        ]
      })

      await page.goto(`${herald.url}/campaigns/${id}`)
      await page.getByRole("link", { name: "Duplicate" }).click()
      await page.waitForURL(`${herald.url}/campaigns/new?from=${id}`)
      await page.getByLabel("First message on").waitFor()
      expect(await page.getByLabel("Title (optional)").inputValue()).toBe("Rehearsals (copy)")
      await page.getByText(`Chosen: ${CHOIR.groupName}`).waitFor()
      // by default: a week after the original (its weekday, never its own dates)
      expect(await page.getByLabel("First message on").inputValue()).toBe(addDays(today, 10))
      expect(await page.getByLabel("Date of message 2").inputValue()).toBe(addDays(today, 12))
      expect(await seriousA11yViolations(page)).toEqual([])

      if (process.env.COPY_SCREENSHOT) await page.screenshot({ path: process.env.COPY_SCREENSHOT, fullPage: true })
      const start = addDays(today, 20)
      await page.getByLabel("First message on").fill(start)
      expect(await page.getByLabel("Date of message 1").inputValue()).toBe(start)
      expect(await page.getByLabel("Time of message 1").inputValue()).toBe("09:00")
      expect(await page.getByLabel("Date of message 2").inputValue()).toBe(addDays(start, 2))
      expect(await page.getByLabel("Time of message 2").inputValue()).toBe("18:30")

      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 2 messages" }).waitFor()
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/(?!new)[^/?]+$/)
      const copyId = new URL(page.url()).pathname.split("/").at(-1)!
      expect(copyId).not.toBe(id)
      const copy = await trpc.campaign.get.query({ id: copyId })
      expect(copy.title).toBe("Rehearsals (copy)")
      expect(copy.group).toEqual(CHOIR)
      expect(copy.messages.map((m) => [m.scheduledAt, m.content])).toEqual([
        [inParis(start, "09:00"), "First rehearsal"],
        [inParis(addDays(start, 2), "18:30"), "Second rehearsal"]
      ])
      // the original is as it was
      expect((await trpc.campaign.get.query({ id })).messages.map((m) => m.content)).toEqual([
        "First rehearsal",
        "Second rehearsal"
      ])
      expect(errors).toEqual([])
      await context.close()
    })
  }
)
