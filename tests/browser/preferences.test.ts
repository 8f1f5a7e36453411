import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Standalone } from "../support/browser.ts"
import { BROWSER_SKIP_REASON, chromiumAvailable, launchChromium, newPage, startStandalone } from "../support/browser.ts"
import { browserApi } from "../support/browserApi.ts"
import { parseMail } from "../support/mime.ts"

// The mails read in the reader's zone and locale (docs/api.md auth.setPreferences): the browser
// sends its own with the sign-up and the forgot-password form, and keeps them for the account
// when it is signed in somewhere they differ. Standalone with mail as files: the first account
// is the admin, confirmed at once.

const ADA = { name: "Ada", email: "ada@example.org", password: "first account pw" }
const NEW_YORK = { timezoneId: "America/New_York", locale: "en-US" }
const BERLIN = { timezoneId: "Europe/Berlin", locale: "de-DE" }

const me = async (page: Page, url: string) => (await browserApi(page.context().request, url).auth.me.query()).user

describe.skipIf(!chromiumAvailable)(
  `the reader's zone and locale (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
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

    it("a sign-up in New York keeps New York and en-US; signing in from a Berlin de-DE browser moves them there, quietly; the reset mail reads in Berlin time", async () => {
      const ny = await newPage(browser, NEW_YORK)
      await ny.page.goto(`${herald.url}/sign-up`)
      await ny.page.getByLabel("Your name").fill(ADA.name)
      await ny.page.getByLabel("E-mail address").fill(ADA.email)
      await ny.page.getByLabel("Password", { exact: true }).fill(ADA.password)
      await ny.page.getByRole("button", { name: "Create account" }).click()
      await ny.page.waitForURL(/\/whatsapp$/)
      expect(await me(ny.page, herald.url)).toMatchObject({ timeZone: "America/New_York", locale: "en-US" })

      const berlin = await newPage(browser, BERLIN)
      await berlin.page.goto(`${herald.url}/sign-in`)
      // a de-DE browser reads the app in German (docs/browser-app.md, "Languages")
      await berlin.page.getByLabel("E-Mail-Adresse").fill(ADA.email)
      await berlin.page.getByLabel("Passwort", { exact: true }).fill(ADA.password)
      await berlin.page.getByRole("button", { name: "Anmelden" }).click()
      await expect
        .poll(async () => await me(berlin.page, herald.url), { timeout: 10_000 })
        .toMatchObject({ timeZone: "Europe/Berlin", locale: "de-DE" })
      // quietly: nothing went wrong on the page
      expect(berlin.errors).toEqual([])

      // a forgot-password request from a New York browser: the account's own zone wins
      const anonymous = await newPage(browser, NEW_YORK)
      await anonymous.page.goto(`${herald.url}/forgot-password`)
      await anonymous.page.getByLabel("E-mail address").fill(ADA.email)
      await anonymous.page.getByRole("button", { name: "Send me a link" }).click()
      const resetMail = async () =>
        herald
          .mails()
          .map((raw) => parseMail(raw))
          .find((m) => m.to.includes(ADA.email) && /Setz dein Passwort zurück/.test(m.subject))?.text ?? null
      await expect.poll(resetMail, { timeout: 10_000 }).not.toBeNull()
      const text = (await resetMail()) ?? ""
      // in German, the language of the account's de-DE locale (it chose none), in Berlin's zone
      expect(text).toMatch(
        /Der Link funktioniert einmal, bis [A-Z][a-z]+tag, \d+\. [A-Z][a-zä]+, \d+:\d\d \(Mitteleuropäische Zeit\)\./
      )
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/)
      for (const p of [ny, berlin, anonymous]) await p.context.close()
    })
  }
)
