import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
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
import { browserApi, connectSandboxSession } from "../support/browserApi.ts"

// The app in the organiser's language (docs/browser-app.md, "Languages"): it starts in the
// browser's language, the header's menu changes it, the choice is kept on the account (so a
// reload, and another browser, show it; one picked before signing in becomes the account's), and Arabic group names and messages read right to left
// inside the left-to-right page. Screenshots of the longer languages go to SHOTS_DIR to be looked at.

const ADA = { name: "Ada", email: "ada@example.org", password: "first account pw" }
const ARABIC_GROUP = "مجموعة أخبار النادي"
const ARABIC_TITLE = "أخبار الأسبوع"
const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots-h25-i18n"
const hour = 3_600_000
/** Berlin's offset at `at`: `+01:00` */
const berlinOffset = (at: number) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")!
    .value.replace("GMT", "")

const html = (page: Page) =>
  page.evaluate<{ lang: string; dir: string }>(
    "({ lang: document.documentElement.lang, dir: document.documentElement.dir })"
  )
/** the direction the browser lays the element out in (dir=auto: from its first strong letter) */
const DIRECTION = (el: unknown) =>
  (globalThis as unknown as { getComputedStyle: (e: unknown) => { direction: string } }).getComputedStyle(el).direction

describe.skipIf(!chromiumAvailable)(
  `the app in the organiser's language (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
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

    it("German from a de-DE browser; Spanish chosen in the header stays after a reload and in another browser; an Arabic group reads right to left", async () => {
      const german = await newPage(browser, { locale: "de-DE", timezoneId: "Europe/Berlin" })
      const { page } = german
      await page.goto(`${herald.url}/sign-in`)
      await page.getByRole("heading", { name: "Anmelden" }).waitFor()
      expect(await html(page)).toEqual({ lang: "de", dir: "ltr" })
      expect(await page.getByLabel("Sprache").inputValue()).toBe("de")
      expect(await seriousA11yViolations(page)).toEqual([])

      // the first account (the admin, confirmed at once), its WhatsApp and a campaign to a group named in Arabic
      const api = browserApi(page.context().request, herald.url)
      await api.auth.signUp.mutate(ADA)
      const sessionName = await connectSandboxSession(api)
      const group = (await api.user.getMessagingGroups.query({ sessionName })).items[0]!
      await api.campaign.create.mutate({
        sessionName,
        groupId: group.groupId,
        groupName: ARABIC_GROUP,
        title: ARABIC_TITLE,
        messages: [{ content: "مرحبا بالجميع", scheduledAt: new Date(Date.now() + 3 * hour).toISOString() }]
      })

      await page.goto(`${herald.url}/campaigns`)
      await page.getByRole("heading", { name: "Kampagnen", level: 1 }).waitFor()
      const nav = page.getByRole("navigation", { name: "Hauptmenü" })
      expect(await nav.getByRole("link", { name: "Neue Kampagne" }).count()).toBe(1)

      // Arabic inside the German page: its own direction, the page's left to right
      const title = page.getByRole("link", { name: ARABIC_TITLE })
      expect(await title.getAttribute("dir")).toBe("auto")
      expect(await title.evaluate(DIRECTION)).toBe("rtl")
      const groupName = page.getByRole("listitem").getByText(ARABIC_GROUP, { exact: true })
      expect(await groupName.evaluate(DIRECTION)).toBe("rtl")
      expect(await page.locator("main").evaluate(DIRECTION)).toBe("ltr")

      // Spanish, chosen in the header: at once, kept on the account, and after a reload
      await page.getByLabel("Sprache").selectOption("es")
      await page.getByRole("heading", { name: "Campañas", level: 1 }).waitFor()
      expect(await html(page)).toEqual({ lang: "es", dir: "ltr" })
      await expect.poll(async () => (await api.auth.me.query()).user?.language, { timeout: 10_000 }).toBe("es")
      await page.reload()
      await page.getByRole("heading", { name: "Campañas", level: 1 }).waitFor()
      expect(await page.getByLabel("Idioma").inputValue()).toBe("es")
      expect(await seriousA11yViolations(page)).toEqual([])

      // another browser, German too: signed in, the account's Spanish wins over the browser's German
      const other = await newPage(browser, { locale: "de-DE", timezoneId: "Europe/Berlin" })
      await other.page.goto(`${herald.url}/sign-in`)
      await other.page.getByLabel("E-Mail-Adresse").fill(ADA.email)
      await other.page.getByLabel("Passwort", { exact: true }).fill(ADA.password)
      await other.page.getByRole("button", { name: "Anmelden" }).click()
      await other.page.waitForURL(/\/campaigns$/)
      await other.page.getByRole("heading", { name: "Campañas", level: 1 }).waitFor()
      expect(await html(other.page)).toEqual({ lang: "es", dir: "ltr" })

      // screenshots of the longer languages, desktop and phone, to look at for overflowing words
      mkdirSync(SHOTS_DIR, { recursive: true })
      for (const language of ["es", "de", "pt-BR"] as const) {
        await page.getByRole("combobox").first().selectOption(language)
        await expect.poll(async () => (await html(page)).lang, { timeout: 10_000 }).toBe(language)
        for (const [name, viewport] of [
          ["desktop", { width: 1280, height: 800 }],
          ["phone", { width: 390, height: 844 }]
        ] as const) {
          await page.setViewportSize(viewport)
          for (const path of ["/campaigns", "/campaigns/new", "/whatsapp", "/upcoming"]) {
            await page.goto(`${herald.url}${path}`)
            await page.locator("main h1").waitFor()
            await page.screenshot({
              path: join(SHOTS_DIR, `${language}-${path.slice(1).replaceAll("/", "-")}-${name}.png`),
              fullPage: true
            })
            // nothing wider than the screen: a long German word would push the page sideways
            expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
              viewport.width
            )
          }
        }
      }
      // back to the browser's language for the next tests of this account
      await api.auth.setLanguage.mutate({ language: null })
      expect(german.errors).toEqual([])
      expect(other.errors).toEqual([])
      await german.context.close()
      await other.context.close()
    }, 120_000)

    it("Español picked on the sign-in page of an English browser stays after signing in, is kept on the account, and is forgotten on signing out", async () => {
      const english = await newPage(browser, { locale: "en-US", timezoneId: "Europe/London" })
      const { page } = english
      const api = browserApi(page.context().request, herald.url)
      await page.goto(`${herald.url}/sign-in`)
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      await page.getByLabel("Language").selectOption("es")
      await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor()

      // Ada's account has no language of its own (the test above gave it back to her browsers)
      await page.getByLabel("Correo electrónico").fill(ADA.email)
      await page.getByLabel("Contraseña", { exact: true }).fill(ADA.password)
      await page.getByRole("button", { name: "Iniciar sesión" }).click()
      await page.waitForURL(/\/campaigns$/)
      await page.getByRole("heading", { name: "Campañas", level: 1 }).waitFor()
      expect(await html(page)).toEqual({ lang: "es", dir: "ltr" })
      // the choice made before signing in is now the account's, so her other browsers show it too
      await expect.poll(async () => (await api.auth.me.query()).user?.language, { timeout: 10_000 }).toBe("es")
      await page.reload()
      await page.getByRole("heading", { name: "Campañas", level: 1 }).waitFor()
      expect(await page.getByLabel("Idioma").inputValue()).toBe("es")

      // signing out forgets it in this browser (a shared computer): the next visit starts in the browser's English
      await page.getByRole("button", { name: "Cerrar sesión" }).click()
      await page.waitForURL(/\/sign-in$/)
      expect(await page.evaluate<string | null>("localStorage.getItem('herald.language')")).toBeNull()
      await page.reload()
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      expect(await html(page)).toEqual({ lang: "en", dir: "ltr" })
      expect(english.errors).toEqual([])
      await english.context.close()
    }, 120_000)

    /**
     * Ada (the first test's account, or a new one when a test runs alone) reading German in an en-US
     * browser in Berlin, her sandbox session and its first group. The account keeps the browser's
     * locale (KeepPreferences): en-US, a 12-hour one.
     */
    const germanInAnAmericanBrowser = async () => {
      const american = await newPage(browser, { locale: "en-US", timezoneId: "Europe/Berlin" })
      const { page } = american
      const api = browserApi(page.context().request, herald.url)
      const signedIn = await api.auth.signIn.mutate({ email: ADA.email, password: ADA.password }).then(
        () => true,
        () => false
      )
      if (!signedIn) await api.auth.signUp.mutate(ADA)
      await api.auth.setLanguage.mutate({ language: "de" })
      const sessionName =
        (await api.user.getMessagingSession.query()).session?.sessionName ?? (await connectSandboxSession(api))
      const group = (await api.user.getMessagingGroups.query({ sessionName })).items[0]!
      return { american, page, api, sessionName, group }
    }

    it("a German account in an en-US browser sees its times on a 24-hour clock, German dates and numbers (formattingLocaleFor)", async () => {
      const { american, page, api, sessionName, group } = await germanInAnAmericanBrowser()
      // tomorrow at 21:30 in Berlin: "9:30 PM" on an en-US clock
      const tomorrow = new Date(Date.now() + 24 * hour)
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(tomorrow)
      const offset = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "longOffset" })
        .formatToParts(tomorrow)
        .find((p) => p.type === "timeZoneName")!
        .value.replace("GMT", "")
      const { id } = await api.campaign.create.mutate({
        sessionName,
        groupId: group.groupId,
        groupName: group.groupName,
        title: "Abendprobe",
        messages: [{ content: "Probe heute Abend", scheduledAt: new Date(`${day}T21:30:00${offset}`).toISOString() }]
      })

      await page.goto(`${herald.url}/campaigns/${id}`)
      await page.getByRole("heading", { name: "Abendprobe", level: 1 }).waitFor()
      expect(await html(page)).toEqual({ lang: "de", dir: "ltr" })
      await expect.poll(async () => (await api.auth.me.query()).user?.locale, { timeout: 10_000 }).toBe("en-US")
      const text = await page.locator("main").innerText()
      expect(text).toContain("21:30")
      expect(text).not.toMatch(/\b\d{1,2}:\d\d\s?(AM|PM)\b/i)
      mkdirSync(SHOTS_DIR, { recursive: true })
      await page.screenshot({ path: join(SHOTS_DIR, "de-in-en-US-campaign-desktop.png"), fullPage: true })
      // the edit form's time: a native time input is drawn on the browser's clock ("09:30 PM" in
      // en-US), which the page cannot change, so the field is a text field on the page's clock
      await page.getByRole("button", { name: "Bearbeiten" }).click()
      const time = page.getByLabel("Uhrzeit")
      expect(await time.getAttribute("type")).toBe("text")
      expect(await time.inputValue()).toBe("21:30")
      // the date too: the browser's own would read 11/27/2026, the German page 27.11.2026
      const [year, month, date] = day.split("-")
      expect(await page.getByLabel("Datum").inputValue()).toBe(`${date}.${month}.${year}`)
      await page.screenshot({ path: join(SHOTS_DIR, "de-in-en-US-edit-desktop.png"), fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: join(SHOTS_DIR, "de-in-en-US-edit-phone.png"), fullPage: true })
      // what it reads, in words, in a hint tied to the field; what it cannot read, said at the field
      const dateHint = await page.getByLabel("Datum").getAttribute("aria-describedby")
      expect(await page.locator(`[id="${dateHint}"]`).innerText()).toMatch(/^Gelesen als \w+, \d{1,2}\. \w+ \d{4}\.$/)
      await time.fill("halb zehn")
      await time.press("Tab")
      expect(await time.getAttribute("aria-invalid")).toBe("true")
      const timeNote = page.locator(`[id="${await time.getAttribute("aria-describedby")}"]`)
      expect(await timeNote.innerText()).toBe("Herald kann „halb zehn“ nicht als Uhrzeit lesen. Schreib sie so: 21:30.")
      await page.getByRole("button", { name: "Änderungen speichern" }).click()
      await page.screenshot({ path: join(SHOTS_DIR, "de-in-en-US-edit-unreadable-phone.png"), fullPage: true })
      expect(await timeNote.innerText()).toBe("Herald kann „halb zehn“ nicht als Uhrzeit lesen. Schreib sie so: 21:30.")
      expect(await page.getByLabel("Datum").getAttribute("aria-invalid")).toBeNull()
      await time.fill("22:45")
      await expect.poll(() => timeNote.innerText(), { timeout: 10_000 }).toContain("Gelesen als 22:45.")
      expect(await time.getAttribute("aria-invalid")).toBeNull()
      await page.getByRole("button", { name: "Änderungen speichern" }).click()
      await page
        .getByText(/, 22:45$/)
        .first()
        .waitFor()
      expect(await page.locator("main").innerText()).not.toMatch(/\b\d{1,2}:\d\d\s?(AM|PM)\b/i)
      // the new-campaign form's first message: date and time fields on the page's clock and order
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("heading", { name: "Neue Kampagne", level: 1 }).waitFor()
      for (const path of ["desktop", "phone"] as const) {
        if (path === "phone") await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: join(SHOTS_DIR, `de-in-en-US-new-campaign-${path}.png`), fullPage: true })
      }
      await api.auth.setLanguage.mutate({ language: null })
      expect(american.errors).toEqual([])
      await american.context.close()
    }, 120_000)

    it("a German page in an en-US browser: the change-all-future form and a copy's first date name what they cannot read, and send nothing", async () => {
      const { american, page, api, sessionName, group } = await germanInAnAmericanBrowser()
      const berlinDay = (at: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(at)
      const repeating = await api.campaign.create.mutate({
        sessionName,
        groupId: group.groupId,
        groupName: group.groupName,
        title: "Jeden Morgen",
        recurrence: {
          startDate: berlinDay(Date.now() + 48 * hour),
          endDate: berlinDay(Date.now() + 96 * hour),
          sendTime: "08:30",
          timeZone: "Europe/Berlin",
          frequency: "DAILY",
          template: "Guten Morgen",
          isFreeForm: true,
          splitMarker: "---"
        }
      })
      await page.goto(`${herald.url}/campaigns/${repeating.id}`)
      await page.getByRole("button", { name: "Alle künftigen Nachrichten ändern" }).click()
      const sendTime = page.getByLabel("Uhrzeit")
      await sendTime.fill("halb zehn")
      await page.getByRole("button", { name: "Änderung prüfen" }).click()
      const note = page.locator(`[id="${await sendTime.getAttribute("aria-describedby")}"]`)
      await expect
        .poll(() => note.innerText(), { timeout: 10_000 })
        .toBe("Herald kann „halb zehn“ nicht als Uhrzeit lesen. Schreib sie so: 21:30.")
      expect(await sendTime.getAttribute("aria-invalid")).toBe("true")
      // still the form, nothing asked or sent
      await page.getByRole("button", { name: "Änderung prüfen" }).waitFor()

      // a copy whose message is at 02:30: a year typed on the way through 2002 (its 31 March had no
      // 02:30 in Berlin) leaves it at 02:30; two digits are no year yet; a date that is none is said so
      const early = await api.campaign.create.mutate({
        sessionName,
        groupId: group.groupId,
        groupName: group.groupName,
        title: "Frühschicht",
        messages: [
          {
            content: "Früh",
            scheduledAt: new Date(
              `${berlinDay(Date.now() + 48 * hour)}T02:30:00${berlinOffset(Date.now() + 48 * hour)}`
            ).toISOString()
          }
        ]
      })
      await page.goto(`${herald.url}/campaigns/new?from=${early.id}`)
      const firstOn = page.getByLabel("Erste Nachricht am")
      await firstOn.waitFor()
      const rowDate = page.getByLabel("Datum von Nachricht 1")
      const rowTime = page.getByLabel("Uhrzeit von Nachricht 1")
      await firstOn.fill("31.03.2002")
      await expect.poll(() => rowDate.inputValue(), { timeout: 10_000 }).toBe("31.03.2002")
      expect(await rowTime.inputValue()).toBe("03:30")
      await firstOn.fill("31.03.2027")
      await expect.poll(() => rowDate.inputValue(), { timeout: 10_000 }).toBe("31.03.2027")
      expect(await rowTime.inputValue()).toBe("02:30")
      await firstOn.fill("30.03.20")
      expect(await rowDate.inputValue()).toBe("31.03.2027")
      await firstOn.fill("31.02.2028")
      await firstOn.press("Tab")
      const firstOnNote = page.locator(`[id="${await firstOn.getAttribute("aria-describedby")}"]`)
      await expect
        .poll(() => firstOnNote.innerText(), { timeout: 10_000 })
        .toBe("Herald kann „31.02.2028“ nicht als Datum lesen. Schreib es so: 31.12.2026.")
      expect(await rowDate.inputValue()).toBe("31.03.2027")
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: join(SHOTS_DIR, "de-in-en-US-copy-unreadable-phone.png"), fullPage: true })

      await api.auth.setLanguage.mutate({ language: null })
      expect(american.errors).toEqual([])
      await american.context.close()
    }, 120_000)
  }
)
