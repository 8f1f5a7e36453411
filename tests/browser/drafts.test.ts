import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { encodeDraft } from "../../src/interfaces/browser/campaign/draft.ts"
import { emptyForm, newRow } from "../../src/interfaces/browser/campaign/planInput.ts"
import type { Standalone } from "../support/browser.ts"
import {
  BROWSER_SKIP_REASON,
  chromiumAvailable,
  launchChromium,
  newPage,
  seriousA11yViolations,
  startStandalone
} from "../support/browser.ts"
import { browserApi } from "../support/browserApi.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"

// The new-campaign form kept as the organiser's draft in this browser: kept while they type,
// restored (and said so) after leaving and after a reload, discarded only once they say yes,
// never shown to another account on the same browser, and gone once the campaign is saved.

const CHOIR = { id: "120363000000000078@g.us", subject: "Choir" }
const PASSWORD = "correct horse battery"

const focused = (page: Page) =>
  page.evaluate<{ tag: string | null; text: string | null }>(
    "({ tag: document.activeElement?.tagName ?? null, text: document.activeElement?.textContent ?? null })"
  )

/** The drafts this browser holds, by key. */
const storedDrafts = (page: Page) =>
  page.evaluate<Array<string>>(
    "Object.keys(localStorage).filter((key) => key.startsWith('herald.campaignDraft.')).sort()"
  )

const SHOTS = process.env.DRAFT_SCREENSHOTS

describe.skipIf(!chromiumAvailable)(
  `the new-campaign draft (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    let fake: FakeWaha
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

    it("kept while typing, restored after leaving and after a reload, discarded once confirmed, per user, gone once saved", {
      timeout: 180_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, { timezoneId: "Europe/Paris", locale: "en-GB" })
      const api = browserApi(context.request, herald.url)
      // the first account is the administrator, who lets the two organisers in
      const adminContext = await browser.newContext()
      const admin = browserApi(adminContext.request, herald.url)
      await admin.auth.signUp.mutate({ email: "admin@example.org", password: PASSWORD, name: "Admin" })
      const connect = async (email: string, name: string) => {
        await api.auth.signUp.mutate({ email, password: PASSWORD, name })
        await admin.admin.approveUser.mutate({ userId: (await api.auth.me.query()).user?.id ?? "" })
        const { sessionName } = await api.user.initiateMessagingSession.mutate()
        fake.setSessionStatus(sessionName, "WORKING")
        fake.setGroups(sessionName, [CHOIR])
        return (await api.auth.me.query()).user?.id ?? ""
      }
      const ada = await connect("ada@example.org", "Ada")
      const nav = page.getByRole("navigation", { name: "Main" })
      const draftLine = page.getByText(/^Draft kept on this browser · saved \d\d:\d\d$/)
      const restored = page.getByText(/^Your draft was restored as you left it \(saved \d\d:\d\d\)\./)
      const openForm = async () => {
        await page.getByRole("button", { name: "Preview" }).waitFor()
      }

      await page.goto(`${herald.url}/campaigns/new`)
      await openForm()
      // opening the form keeps nothing
      expect(await storedDrafts(page)).toEqual([])
      expect(await draftLine.count()).toBe(0)
      await page.getByLabel("Search groups").fill("Choir")
      await page.getByRole("checkbox", { name: "Choir" }).check()
      await page.getByLabel("Title (optional)").fill("Spring concert")
      await page.getByLabel("Messages on dates I choose").check()
      await page.getByLabel("Text of message 1").fill("Bring your music")
      await page.getByRole("button", { name: "Add a message" }).click()
      await page.getByLabel("Text of message 2").fill("Which day suits you?")
      await page.getByLabel("Make message 2 a poll").check()
      await page.getByLabel("Option 1 of message 2").fill("Monday")
      // said by the form's actions, in the locale's 24-hour clock
      await draftLine.waitFor()
      expect(await storedDrafts(page)).toEqual([`herald.campaignDraft.${ada}`])

      const expectRestored = async () => {
        await restored.waitFor()
        expect(await page.getByLabel("Title (optional)").inputValue()).toBe("Spring concert")
        expect(await page.getByLabel("Messages on dates I choose").isChecked()).toBe(true)
        expect(await page.getByLabel("Text of message 1").inputValue()).toBe("Bring your music")
        expect(await page.getByLabel("Question of message 2").inputValue()).toBe("Which day suits you?")
        expect(await page.getByLabel("Option 1 of message 2").inputValue()).toBe("Monday")
        expect(await page.getByRole("checkbox", { name: "Choir" }).isChecked()).toBe(true)
        await draftLine.waitFor()
      }

      // away to another screen and back by the header's links
      await nav.getByRole("link", { name: "Campaigns" }).click()
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor()
      await nav.getByRole("link", { name: "New campaign" }).click()
      await expectRestored()
      // and after a reload
      await page.reload()
      await expectRestored()
      expect(await seriousA11yViolations(page)).toEqual([])
      if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/restored-desktop.png`, fullPage: true })

      // "New campaign" while on the form: the focus goes to the top, and starting again is offered
      // by the keyboard: Enter on the header's link
      await page.getByLabel("Title (optional)").focus()
      await nav.getByRole("link", { name: "New campaign" }).press("Enter")
      await page.getByText(/^You are already planning a campaign: the form below is your draft/).waitFor()
      await expect.poll(() => focused(page)).toEqual({ tag: "H1", text: "New campaign" })
      // asked first: keeping the draft keeps it
      await page.getByRole("button", { name: "Start again" }).click()
      const question = page.getByRole("group", { name: "Start again" })
      await question.getByText("Discard this draft? The form starts again empty; this cannot be undone.").waitFor()
      await expect.poll(() => focused(page)).toEqual({ tag: "BUTTON", text: "Keep the draft" })
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await seriousA11yViolations(page)).toEqual([])
      if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/start-again-phone.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/start-again-desktop.png` })
      await question.getByRole("button", { name: "Keep the draft" }).click()
      expect(await page.getByLabel("Title (optional)").inputValue()).toBe("Spring concert")
      expect(await storedDrafts(page)).toEqual([`herald.campaignDraft.${ada}`])

      // discarded from the restored note, once confirmed: a fresh form, and nothing kept
      await page.reload()
      await restored.waitFor()
      await page.getByRole("button", { name: "Discard draft" }).click()
      await page.getByRole("group", { name: "Discard draft" }).getByRole("button", { name: "Yes, discard it" }).click()
      await expect.poll(() => page.getByLabel("Title (optional)").inputValue()).toBe("")
      await expect.poll(() => focused(page)).toEqual({ tag: "H1", text: "New campaign" })
      expect(await page.getByLabel("A repeating message").isChecked()).toBe(true)
      expect(await restored.count()).toBe(0)
      expect(await draftLine.count()).toBe(0)
      expect(await storedDrafts(page)).toEqual([])
      await page.reload()
      await openForm()
      expect(await restored.count()).toBe(0)
      expect(await page.getByLabel("Title (optional)").inputValue()).toBe("")

      // a draft whose upload the server no longer has: said plainly at its message, the rest restored
      const stale = emptyForm("Europe/Paris", "2030-01-01")
      const draft = encodeDraft({
        savedAt: Date.now(),
        copy: false,
        form: {
          ...stale,
          title: "With a picture",
          mode: "messages",
          rows: [
            {
              ...newRow("2030-01-01", "10:00"),
              content: "Look at this",
              media: { id: "no-such-upload", mimetype: "image/png", filename: "poster.png", size: 70, kind: "image" }
            }
          ]
        }
      })
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key ?? "", value ?? ""),
        [`herald.campaignDraft.${ada}`, draft]
      )
      await page.reload()
      await page
        .getByRole("alert")
        .getByText(
          "The image “poster.png” kept with this draft is no longer on the server (an upload not used in a saved campaign is removed after a while): attach it again."
        )
        .waitFor()
      await page.getByText("1 attachment is no longer on the server: attach it again where marked.").waitFor()
      expect(await page.getByLabel("Caption of message 1").count()).toBe(0)
      expect(await page.getByLabel("Text of message 1").inputValue()).toBe("Look at this")
      expect(await page.getByTestId("media").count()).toBe(0)
      if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/lost-upload-desktop.png`, fullPage: true })

      // another account on the same browser: sees none of it, and Ada's draft stays hers
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click()
      await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor()
      const grace = await connect("grace@example.org", "Grace")
      await page.goto(`${herald.url}/campaigns/new`)
      await openForm()
      expect(await page.getByLabel("Title (optional)").inputValue()).toBe("")
      expect(await restored.count()).toBe(0)
      expect(await storedDrafts(page)).toEqual([`herald.campaignDraft.${ada}`])

      // a damaged draft is dropped quietly: the form opens as new
      await page.evaluate((key) => localStorage.setItem(key, "{not a draft"), `herald.campaignDraft.${grace}`)
      await page.reload()
      await openForm()
      expect(await restored.count()).toBe(0)
      expect(await storedDrafts(page)).toEqual([`herald.campaignDraft.${ada}`])

      // saved: the draft goes with it
      await page.getByLabel("Search groups").fill("Choir")
      await page.getByRole("checkbox", { name: "Choir" }).check()
      await page.getByLabel("Message template").fill("Rehearsal tonight")
      await draftLine.waitFor()
      expect(await storedDrafts(page)).toEqual([`herald.campaignDraft.${ada}`, `herald.campaignDraft.${grace}`].sort())
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("button", { name: "Save campaign" }).and(page.locator(":enabled")).click()
      await page.waitForURL(/\/campaigns\/(?!new$)[^/?]+$/)
      // the campaign's own screen (untitled: named after its group)
      await page.getByRole("heading", { name: "Choir", level: 1 }).waitFor()
      const saved = new URL(page.url()).pathname.split("/").at(-1) ?? ""
      expect(await storedDrafts(page)).toEqual([`herald.campaignDraft.${ada}`])
      await nav.getByRole("link", { name: "New campaign" }).click()
      await openForm()
      expect(await restored.count()).toBe(0)
      expect(await page.getByLabel("Message template").inputValue()).toBe("")

      // a copy of a campaign is kept too once changed, and comes back as a copy; opening another
      // copy says that changing it replaces the draft, and does not until then
      const copyUrl = `${herald.url}/campaigns/new?from=${saved}`
      await page.goto(copyUrl)
      await page.getByLabel("First message on").waitFor()
      expect(await page.getByText(/^You have a draft kept on this browser/).count()).toBe(0)
      await page.getByLabel("Title (optional)").fill("Copy edited")
      await draftLine.waitFor()
      await nav.getByRole("link", { name: "New campaign" }).click()
      await restored.waitFor()
      expect(await page.getByLabel("Title (optional)").inputValue()).toBe("Copy edited")
      await page.getByLabel("First message on").waitFor()
      await page.goto(copyUrl)
      await page
        .getByText(/^You have a draft kept on this browser \(saved \d\d:\d\d\): changing this copy replaces it\./)
        .waitFor()
      expect(await page.getByLabel("Title (optional)").inputValue()).not.toBe("Copy edited")
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("link", { name: "Go back to the draft" }).click()
      await restored.waitFor()
      expect(await page.getByLabel("Title (optional)").inputValue()).toBe("Copy edited")

      // the only console errors: the browser's own line for the lost upload's 404
      expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([])
      await context.close()
      await adminContext.close()
    })
  }
)
