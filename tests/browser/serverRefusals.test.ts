import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Browser, Locator, Page } from "playwright-core"
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

// The server's refusals in the reader's language (docs/browser-app.md, "Errors"): the browser app
// asks for them with X-Herald-Locale, and a Spanish sign-in page says a wrong password in Spanish,
// a German campaign form says at its field that a time has passed, on a 24-hour clock in the
// campaign's zone. Screenshots (desktop and phone) go to SHOTS_DIR to be looked at.

const ADA = { name: "Ada", email: "ada@example.org", password: "first account pw" }
const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/h25-errors-shots"
const PHONE = { width: 390, height: 844 }

/** The text a field's error or hint says (its aria-describedby). */
const noteOf = async (page: Page, field: Locator): Promise<string> => {
  const id = await field.getAttribute("aria-describedby")
  return id === null ? "" : ((await page.locator(`[id="${id}"]`).textContent()) ?? "")
}

describe.skipIf(!chromiumAvailable)(
  `the server's refusals in the reader's language (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    beforeAll(async () => {
      mkdirSync(SHOTS_DIR, { recursive: true })
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    it("a wrong password on a Spanish sign-in page is refused in Spanish, on a desktop and a phone", async () => {
      const setup = await newPage(browser)
      await browserApi(setup.context.request, herald.url).auth.signUp.mutate(ADA)
      await setup.context.close()

      for (const [name, viewport] of [
        ["desktop", { width: 1280, height: 800 }],
        ["phone", PHONE]
      ] as const) {
        const { context, page, errors } = await newPage(browser, { locale: "es-ES", viewport })
        await page.goto(`${herald.url}/sign-in`)
        await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor()
        await page.getByLabel("Correo electrónico").fill(ADA.email)
        await page.getByLabel("Contraseña").fill("not the password")
        await page.getByRole("button", { name: "Iniciar sesión" }).click()
        const alert = page.getByRole("alert")
        await alert.getByText("El correo o la contraseña no son correctos.").waitFor()
        // no English from the server on the page
        expect(await alert.textContent()).not.toMatch(/wrong e-mail/i)
        expect(await alert.getByRole("link", { name: "restablece tu contraseña" }).isVisible()).toBe(true)
        expect(await seriousA11yViolations(page)).toEqual([])
        await page.screenshot({ path: join(SHOTS_DIR, `sign-in-es-${name}.png`), fullPage: true })
        expect(errors).toEqual([])
        await context.close()
      }
    })

    it("a message planned in the past on a German campaign form is refused at its field, in German, on a 24-hour clock", {
      timeout: 60_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, {
        locale: "de-DE",
        timezoneId: "Europe/Berlin",
        viewport: PHONE
      })
      const api = browserApi(context.request, herald.url)
      await api.auth.signIn.mutate({ email: ADA.email, password: ADA.password })
      const sessionName = await connectSandboxSession(api)
      const group = (await api.user.getMessagingGroups.query({ sessionName })).items[0]
      if (group === undefined) throw new Error("the sandbox lists no group")

      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Vorschau" }).waitFor()
      await page.getByLabel("Gruppen suchen").fill(group.groupName)
      await page.getByRole("checkbox", { name: group.groupName }).check()
      await page.getByLabel("Nachrichten an Tagen, die ich wähle").check()
      const date = page.getByLabel("Datum von Nachricht 1")
      await date.fill("2020-01-02")
      await page.getByLabel("Uhrzeit von Nachricht 1").fill("21:00")
      await page.getByLabel("Text von Nachricht 1").fill("Zu spät")
      await page.getByRole("button", { name: "Vorschau" }).click()

      await expect.poll(() => date.getAttribute("aria-invalid")).toBe("true")
      expect(await noteOf(page, date)).toBe("Donnerstag, 2. Januar 2020, 21:00 (Zeit in Berlin) ist schon vorbei.")
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.screenshot({ path: join(SHOTS_DIR, "past-time-de-phone.png"), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await date.scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(SHOTS_DIR, "past-time-de-desktop.png") })
      expect(errors).toEqual([])
      await context.close()
    })
  }
)
