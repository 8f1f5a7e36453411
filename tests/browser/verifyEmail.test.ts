import type { Browser } from "playwright-core"
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
import { browserApi } from "../support/browserApi.ts"
import type { SmtpSink } from "../support/SmtpSink.ts"
import { startSmtpSink } from "../support/SmtpSink.ts"

// Standalone with real mail (SMTP to a local sink): every address is confirmed through its
// mailed link before anyone signs in; ADMIN_EMAIL's account becomes the admin when confirmed.

const BOSS = { name: "Boss", email: "boss@example.org", password: "the boss's password" }

describe.skipIf(!chromiumAvailable)(
  `confirming an address from its mailed link (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let sink: SmtpSink
    let herald: Standalone
    beforeAll(async () => {
      sink = await startSmtpSink({ user: "herald", password: "sink secret" })
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({ MAIL_SMTP_URL: sink.url, FROM_EMAIL: "herald@example.org", ADMIN_EMAIL: BOSS.email })
      ])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
      await sink?.close()
    })

    it("sign-up says to check the mailbox; the link asks for the sign-up's password, then sign-in works", async () => {
      const { page, errors, context } = await newPage(browser)
      await page.goto(`${herald.url}/sign-up`)
      await page.getByLabel("Your name").fill(BOSS.name)
      await page.getByLabel("E-mail address").fill(BOSS.email)
      await page.getByLabel("Password", { exact: true }).fill(BOSS.password)
      await page.getByRole("button", { name: "Create account" }).click()
      await page.getByRole("heading", { name: "Check your mailbox" }).waitFor()
      expect(await page.getByRole("main").textContent()).toContain(`We sent a confirmation link to ${BOSS.email}`)
      expect(await seriousA11yViolations(page)).toEqual([])

      // the right password, but the address is not confirmed yet
      await page.getByRole("link", { name: "Go to sign-in" }).click()
      await page.getByLabel("E-mail address").fill(BOSS.email)
      await page.getByLabel("Password", { exact: true }).fill(BOSS.password)
      await page.getByRole("button", { name: "Sign in" }).click()
      await page.getByRole("alert").getByText("Confirm your e-mail address first").waitFor()
      expect(await page.getByRole("alert").getByRole("link", { name: "Sign up again" }).isVisible()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])

      const find = () => {
        for (const m of sink.received) {
          const path = /\/verify-email\?token=[A-Za-z0-9._~-]+/.exec(m.mail.text)?.[0]
          if (m.envelopeTo.includes(BOSS.email) && path !== undefined) return path
        }
        return null
      }
      await expect.poll(find, { timeout: 10_000 }).not.toBeNull()
      const link = `${herald.url}${find()!}`

      // a link cut short says what to do
      await page.goto(`${herald.url}/verify-email`)
      await page.getByText("lacks its confirmation token").waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.goto(link)
      await page.getByRole("heading", { name: "Confirm your e-mail address" }).waitFor()
      expect(await page.getByRole("main").textContent()).toContain("Enter the password you chose when you signed up")
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Confirm my address" }).click()
      await page.getByText("Enter the password you chose when you signed up.").waitFor()
      await page.getByLabel("Password chosen at sign-up").fill("some other password")
      await page.getByRole("button", { name: "Confirm my address" }).click()
      await page.getByRole("alert").getByText("This link belongs to a sign-up with another password").waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByLabel("Password chosen at sign-up").fill(BOSS.password)
      await page.getByRole("button", { name: "Confirm my address" }).click()
      await page.getByRole("heading", { name: "Address confirmed" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.getByRole("link", { name: "Sign in" }).click()
      await page.getByText("Your e-mail address is confirmed. Sign in to continue.").waitFor()
      await page.getByLabel("E-mail address").fill(BOSS.email)
      await page.getByLabel("Password", { exact: true }).fill(BOSS.password)
      await page.getByRole("button", { name: "Sign in" }).click()
      await page.waitForURL(`${herald.url}/campaigns`)
      // ADMIN_EMAIL's account: admin once confirmed
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).waitFor()

      // the link works once
      await page.goto(link)
      await page.getByLabel("Password chosen at sign-up").fill(BOSS.password)
      await page.getByRole("button", { name: "Confirm my address" }).click()
      await page.getByRole("alert").getByText("This verification link is invalid, already used or expired").waitFor()

      // refusals provoked on purpose: unconfirmed sign-in (403), the wrong password and the used link (400)
      expect(errors).toEqual([])
      await context.close()
    })

    it("guessing the password through the link is throttled: the page says to wait, not to sign up again", async () => {
      const { page, errors, context } = await newPage(browser)
      const email = "guessed@example.org"
      await browserApi(context.request, herald.url).auth.signUp.mutate({ email, password: BOSS.password, name: "G" })
      const find = () => {
        for (const m of sink.received) {
          const path = /\/verify-email\?token=[A-Za-z0-9._~-]+/.exec(m.mail.text)?.[0]
          if (m.envelopeTo.includes(email) && path !== undefined) return path
        }
        return null
      }
      await expect.poll(find, { timeout: 10_000 }).not.toBeNull()
      await page.goto(`${herald.url}${find()!}`)
      const field = page.getByLabel("Password chosen at sign-up")
      const button = page.getByRole("button", { name: "Confirm my address" })
      for (let i = 0; i < 5; i++) {
        await field.fill(`guess number ${i}`)
        await button.click()
        await page.getByRole("alert").getByText("This link belongs to a sign-up with another password").waitFor()
        // the next answer replaces this one
        await expect.poll(() => button.isEnabled()).toBe(true)
      }
      await field.fill(BOSS.password)
      await button.click()
      const alert = page.getByRole("alert")
      await alert.getByText(/^Too many failed tries of this link; try again in \d+ minutes?\.$/).waitFor()
      await alert.getByText("This protects your account from password guessing").waitFor()
      expect(await alert.getByRole("link", { name: "Sign up again" }).count()).toBe(0)
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })
  }
)
