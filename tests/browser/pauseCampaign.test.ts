import { join } from "node:path"
import { Effect, Layer } from "effect"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CampaignAggregate } from "../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../src/application/eventSourcing/execute.ts"
import type { CampaignCommand } from "../../src/domain/campaign/Campaign.ts"
import { SqliteDatabase } from "../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../src/infrastructure/sqlite/SqliteStore.ts"
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

// Pausing and resuming a campaign from its page, in Chromium, against the standalone process
// (its scheduler and sandbox gateway): paused, nothing goes; a message whose time passes while
// paused is skipped on resume, never sent late.

const hour = 3_600_000
const shots = process.env.PAUSE_SCREENSHOTS

/**
 * A campaign command written straight to the standalone's store (its SQLite file), as another
 * process would: how a pause cut short, or a failure while paused, is set up.
 */
const onTheStore = (herald: Standalone, campaignId: string, command: CampaignCommand) =>
  Effect.runPromise(
    execute(CampaignAggregate)(campaignId, command).pipe(
      Effect.asVoid,
      Effect.provide(
        SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: join(herald.dataDir, "herald.db") })))
      )
    )
  )

const messageRow = (page: Page, text: string) =>
  page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: text })

describe.skipIf(!chromiumAvailable)(
  `pause and resume a campaign (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    let context: BrowserContext
    let api: ReturnType<typeof browserApi>
    let sessionName: string
    let group: { groupId: string; groupName: string }
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
      context = await browser.newContext({ timezoneId: "Europe/Paris", locale: "en-GB" })
      api = browserApi(context.request, herald.url)
      await api.auth.signUp.mutate({ email: "owner@example.org", password: "correct horse battery", name: "Owner" })
      sessionName = (await api.user.initiateMessagingSession.mutate()).sessionName
      // the sandbox gateway: the session connects a moment after its QR code is first shown
      await api.user.getSessionQR.query({ sessionName })
      await eventually(
        "the session is WORKING",
        () => api.user.getSessionStatus.query({ sessionName }),
        (s) => s.status === "WORKING"
      )
      group = (await api.user.getMessagingGroups.query({ sessionName })).items[0]!
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    it("pauses by keyboard, shows the rows paused, lets the time pass, resumes: the passed one skipped, the later one scheduled; desktop and phone, axe clean", async () => {
      const soon = Date.now() + 6_000
      const { id } = await api.campaign.create.mutate({
        sessionName,
        ...group,
        title: "Club news",
        messages: [
          { content: "Doors open at 7", scheduledAt: new Date(soon).toISOString() },
          { content: "Bring a friend next week", scheduledAt: new Date(Date.now() + 26 * hour).toISOString() }
        ]
      })
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${herald.url}/campaigns/${id}`)

      // asked first, and what pausing does is said before it is done
      const pause = page.getByRole("button", { name: "Pause sending" })
      await pause.focus()
      await page.keyboard.press("Enter")
      const question = page.getByRole("group", { name: "Pause sending" })
      await question
        .getByText("Nothing is sent until you resume. Messages whose time passes meanwhile are skipped, not sent late")
        .waitFor()
      // the focus is on "no"; one step back is "yes"
      await expect(page.evaluate<string | undefined>("document.activeElement?.textContent")).resolves.toBe(
        "No, keep sending"
      )
      await page.keyboard.press("Shift+Tab")
      await page.keyboard.press("Enter")
      await page.getByText("Status: Paused").first().waitFor()
      await page.getByRole("status").filter({ hasText: "Sending is paused" }).first().waitFor()
      for (const text of ["Doors open at 7", "Bring a friend next week"]) {
        await messageRow(page, text).getByText("State: Paused").waitFor()
        await messageRow(page, text).getByText("Paused: not sent until the campaign is resumed.").waitFor()
      }
      // a paused message can still be edited or deleted
      await messageRow(page, "Bring a friend next week").getByRole("button", { name: /^Edit/ }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/paused-desktop.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390)
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/paused-phone.png`, fullPage: true })

      // the first message's time passes, well into the scheduler's window: nothing is sent, nothing missed
      await eventually(
        "the first message's time to pass",
        () => Date.now(),
        (now) => now > soon + 3_000,
        20_000
      )
      const meanwhile = await api.campaign.get.query({ id })
      expect(meanwhile.status).toBe("PAUSED")
      expect(meanwhile.messages.map((m) => m.status)).toEqual(["PAUSED", "PAUSED"])

      // resuming says how many are skipped and how many still go
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.getByRole("button", { name: "Resume sending" }).click()
      const resumeQuestion = page.getByRole("group", { name: "Resume sending" })
      await resumeQuestion
        .getByText(
          "Resume sending? 1 message still goes at its time. 1 message whose time passed while paused is skipped, not sent late."
        )
        .waitFor()
      if (shots) await page.screenshot({ path: `${shots}/resume-question-desktop.png`, fullPage: true })
      await resumeQuestion.getByRole("button", { name: "Yes, resume sending" }).click()
      await page.getByText("Status: Scheduled").first().waitFor()
      await page
        .getByRole("status")
        .filter({
          hasText:
            "Sending is resumed. 1 message will be sent at its time. 1 message fell due while paused and is skipped."
        })
        .first()
        .waitFor()
      const skipped = messageRow(page, "Doors open at 7")
      await skipped.getByText("State: Skipped").waitFor()
      await skipped.getByText("Skipped: the campaign was paused at its time.").waitFor()
      // skipped: may be sent again by hand, the organiser's call
      await skipped.getByRole("button", { name: /^Send again/ }).waitFor()
      await messageRow(page, "Bring a friend next week").getByText("State: Scheduled").waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/resumed-desktop.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390)
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/resumed-phone.png`, fullPage: true })

      const after = await api.campaign.get.query({ id })
      expect(after.messages.map((m) => [m.content, m.status, m.isSent])).toEqual([
        ["Doors open at 7", "SKIPPED", false],
        ["Bring a friend next week", "SCHEDULED", false]
      ])
      expect(errors).toEqual([])
      await page.close()
    }, 90_000)

    it("a pause cut short says what still waits and finishes pausing; failed while paused, resume and cancel are still offered; desktop and phone, axe clean", async () => {
      const { id } = await api.campaign.create.mutate({
        sessionName,
        ...group,
        title: "Choir rehearsals",
        messages: [
          { content: "Rehearsal moved to 8", scheduledAt: new Date(Date.now() + 26 * hour).toISOString() },
          { content: "Concert dress code", scheduledAt: new Date(Date.now() + 27 * hour).toISOString() }
        ]
      })
      // the campaign recorded paused, its messages not reached (the store failed half way)
      await onTheStore(herald, id, { type: "Pause", now: Date.now() })
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${herald.url}/campaigns/${id}`)
      await page.getByText("Status: Paused").first().waitFor()
      await page
        .getByRole("alert")
        .filter({ hasText: "Pausing did not finish: 2 messages are still waiting and would be sent at their times." })
        .waitFor()
      const finish = page.getByRole("button", { name: "Finish pausing" })
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/pause-cut-short-desktop.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390)
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/pause-cut-short-phone.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })

      await finish.focus()
      await page.keyboard.press("Enter")
      await page.getByRole("status").filter({ hasText: "Sending is paused" }).first().waitFor()
      for (const text of ["Rehearsal moved to 8", "Concert dress code"]) {
        await messageRow(page, text).getByText("State: Paused").waitFor()
      }
      await finish.waitFor({ state: "detached" })
      // the header says the campaign is paused, not that nothing waits
      await page.getByText("Sending is paused: 2 messages wait until you resume.").waitFor()
      expect(await page.getByText("No message waiting to be sent.").count()).toBe(0)
      expect((await api.campaign.get.query({ id })).messages.map((m) => m.status)).toEqual(["PAUSED", "PAUSED"])

      // a send under way fails the campaign while it is paused: the held messages can still be resumed or cancelled
      await onTheStore(herald, id, {
        type: "Fail",
        reason: "failed to send message: 500",
        messageId: null,
        now: Date.now()
      })
      await page.reload()
      await page.getByText("Status: Failed").first().waitFor()
      await page.getByText("Some messages are paused.").waitFor()
      await page.getByText("Its paused messages wait until you resume sending; resume first").waitFor()
      await page.getByRole("button", { name: "Cancel campaign" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}/failed-while-paused-desktop.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390)
      if (shots) await page.screenshot({ path: `${shots}/failed-while-paused-phone.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.getByRole("button", { name: "Resume sending" }).click()
      await page
        .getByRole("group", { name: "Resume sending" })
        .getByRole("button", { name: "Yes, resume sending" })
        .click()
      for (const text of ["Rehearsal moved to 8", "Concert dress code"]) {
        await messageRow(page, text).getByText("State: Scheduled").waitFor()
      }
      await page.getByText("Some messages are paused.").waitFor({ state: "detached" })
      const after = await api.campaign.get.query({ id })
      expect([after.status, ...after.messages.map((m) => m.status)]).toEqual(["FAILED", "SCHEDULED", "SCHEDULED"])
      expect(errors).toEqual([])
      await page.close()
    }, 90_000)
  }
)
