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
import { parseMail } from "../support/mime.ts"

// One standalone (mail as files: accounts are confirmed at once, the first is the admin) and one
// browser for the whole file; each person gets a browser context of their own (their own cookie).

const ADMIN = { name: "Ada Admin", email: "ada@example.org", password: "first account pw" }
const BOB = { name: "Bob Newcomer", email: "bob@example.org", password: "bob's password" }

const fillSignUp = async (
  page: Page,
  person: { readonly name: string; readonly email: string; readonly password: string }
) => {
  await page.getByLabel("Your name").fill(person.name)
  await page.getByLabel("E-mail address").fill(person.email)
  await page.getByLabel("Password", { exact: true }).fill(person.password)
  await page.getByRole("button", { name: "Create account" }).click()
}

const signIn = async (page: Page, url: string, person: { readonly email: string; readonly password: string }) => {
  await page.goto(`${url}/sign-in`)
  await page.getByLabel("E-mail address").fill(person.email)
  await page.getByLabel("Password", { exact: true }).fill(person.password)
  await page.getByRole("button", { name: "Sign in" }).click()
}

describe.skipIf(!chromiumAvailable)(
  `account and admin screens (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
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

    /** The newest link of that kind mailed to that address (the mails are files under <dataDir>/mail). */
    const mailedLink = async (to: string, path: string): Promise<string> => {
      const find = () =>
        herald
          .mails()
          .map((raw) => parseMail(raw))
          .filter((m) => m.to.includes(to))
          .map((m) => new RegExp(`${path}\\?token=[A-Za-z0-9._~-]+`).exec(m.text)?.[0] ?? null)
          .filter((link) => link !== null)
          .at(-1) ?? null
      await expect.poll(find, { timeout: 10_000 }).not.toBeNull()
      return `${herald.url}${find()!}`
    }

    it("the first sign-up checks its fields, becomes the admin and lands on WhatsApp; sign-out leads to sign-in", async () => {
      const { page, errors, context } = await newPage(browser)
      await page.goto(`${herald.url}/sign-up`)
      await page.getByRole("heading", { name: "Create an account" }).waitFor()
      expect(await page.getByText("At least 8 characters.").isVisible()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])
      // checked before sending: missing name, too-short password
      await page.getByLabel("E-mail address").fill("not an address")
      await page.getByLabel("Password", { exact: true }).fill("short")
      await page.getByRole("button", { name: "Create account" }).click()
      await page.getByText("Tell us your name.").waitFor()
      await page.getByText("Use at least 8 characters (this one has 5).").waitFor()
      expect(await page.getByLabel("Your name").getAttribute("aria-invalid")).toBe("true")
      // the first field to fix has the focus
      expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null")).toBe("name")
      // the server judges the address: its complaint appears at the field
      await page.getByLabel("Your name").fill(ADMIN.name)
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password)
      await page.getByRole("button", { name: "Create account" }).click()
      await expect.poll(() => page.getByLabel("E-mail address").getAttribute("aria-invalid")).toBe("true")
      expect(await page.getByText("Some fields need another look.").isVisible()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])

      await fillSignUp(page, ADMIN)
      await page.waitForURL(`${herald.url}/whatsapp`)
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).waitFor()

      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click()
      await page.waitForURL(/\/sign-in/)
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0)
      // the one refusal: the address the server judged invalid
      expect(errors).toEqual([])
      await context.close()
    })

    it("a wrong password is refused with a plain explanation, and so is guessing on", async () => {
      const { page, errors, context } = await newPage(browser)
      await signIn(page, herald.url, { email: ADMIN.email, password: "not the password" })
      const alert = page.getByRole("alert")
      await alert.waitFor()
      expect(await alert.textContent()).toContain("Wrong e-mail or password.")
      expect(await alert.getByRole("link", { name: "reset your password" }).isVisible()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])

      // guessing on: after 5 failures for one address from one client, the throttle's answer is shown as it is
      await page.getByLabel("E-mail address").fill("nobody@example.org")
      for (let attempt = 1; attempt <= 6; attempt++) {
        await Promise.all([
          page.waitForResponse((response) => response.url().includes("auth.signIn")),
          page.getByRole("button", { name: "Sign in" }).click()
        ])
      }
      await alert.getByText(/^Too many failed sign-ins; try again in \d+ minutes?\.$/).waitFor()
      expect(await alert.textContent()).toContain("This protects your account from password guessing.")
      expect(errors).toEqual([])
      await context.close()
    })

    it("a second account waits for approval; the admin approves it on a phone-sized screen; 'check again' lets it in", async () => {
      const bob = await newPage(browser)
      await bob.page.goto(`${herald.url}/sign-up`)
      await fillSignUp(bob.page, BOB)
      await bob.page.getByRole("heading", { name: "Waiting for approval" }).waitFor()
      expect(await bob.page.getByRole("main").textContent()).toContain("The administrator has been told")
      expect(await bob.page.getByRole("navigation", { name: "Main" }).count()).toBe(0)
      expect(await seriousA11yViolations(bob.page)).toEqual([])
      // signing out from the page and back in leads to the same page
      await bob.page.getByRole("main").getByRole("button", { name: "Sign out" }).click()
      await bob.page.getByRole("heading", { name: "Sign in" }).waitFor()
      expect(await bob.page.getByRole("banner").getByRole("button", { name: "Sign out" }).count()).toBe(0)
      await signIn(bob.page, herald.url, BOB)
      await bob.page.getByRole("heading", { name: "Waiting for approval" }).waitFor()
      // nothing changed yet
      await bob.page.getByRole("button", { name: "Check again" }).click()
      await bob.page.getByText("still waiting").waitFor()

      const admin = await newPage(browser, { viewport: { width: 375, height: 740 } })
      await signIn(admin.page, herald.url, ADMIN)
      await admin.page.waitForURL(`${herald.url}/campaigns`)
      await admin.page.goto(`${herald.url}/admin`)
      const approve = admin.page.getByRole("button", { name: `Approve ${BOB.name} (${BOB.email})` })
      await approve.waitFor()
      const table = admin.page.getByRole("region", { name: "All accounts" })
      await table.getByRole("row", { name: new RegExp(BOB.email) }).waitFor()
      expect(await table.getByRole("row", { name: new RegExp(BOB.email) }).textContent()).toContain(
        "Waiting for approval"
      )
      expect(await table.getByRole("row", { name: new RegExp(ADMIN.email) }).textContent()).toContain("Admin")
      // the page itself does not scroll sideways at 375 px: only the table's region may
      expect(await admin.page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375)
      expect(await seriousA11yViolations(admin.page)).toEqual([])

      // by keyboard: the button takes focus and Enter presses it
      await approve.focus()
      await admin.page.keyboard.press("Enter")
      await admin.page.getByText("No accounts are waiting for approval.").waitFor()
      await expect.poll(() => table.getByRole("row", { name: new RegExp(BOB.email) }).textContent()).toContain("Active")
      expect(await seriousA11yViolations(admin.page)).toEqual([])

      await bob.page.getByRole("button", { name: "Check again" }).click()
      await bob.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).waitFor()
      expect(await bob.page.getByRole("heading", { name: "Waiting for approval" }).count()).toBe(0)
      expect(
        await bob.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).count()
      ).toBe(0)

      expect(bob.errors).toEqual([])
      expect(admin.errors).toEqual([])
      await bob.context.close()
      await admin.context.close()
    })

    it("a forgotten password is reset through the mailed link, and the new one signs in", async () => {
      const { page, errors, context } = await newPage(browser)
      // a link without its token, and one with a made-up token, say what to do
      await page.goto(`${herald.url}/reset-password`)
      await page.getByText("lacks its reset token").waitFor()
      expect(await page.getByRole("link", { name: "Ask for a new link" }).isVisible()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.goto(`${herald.url}/sign-in`)
      await page.getByRole("link", { name: "Forgotten your password?" }).click()
      await page.getByRole("heading", { name: "Forgotten password" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByLabel("E-mail address").fill(BOB.email)
      await page.getByRole("button", { name: "Send me a link" }).click()
      await page.getByText(`If an account exists for ${BOB.email}, we sent it a link`).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])

      const link = await mailedLink(BOB.email, "/reset-password")
      await page.goto(link)
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      // caught before sending: the two differ
      await page.getByLabel("New password", { exact: true }).fill("a brand new one")
      await page.getByLabel("Repeat the new password").fill("a brand new 1")
      await page.getByRole("button", { name: "Save the new password" }).click()
      await page.getByText("The two passwords differ").waitFor()
      expect(await page.getByLabel("Repeat the new password").getAttribute("aria-invalid")).toBe("true")
      await page.getByLabel("Repeat the new password").fill("a brand new one")
      await page.getByRole("button", { name: "Save the new password" }).click()
      await page.waitForURL(`${herald.url}/sign-in?reset=done`)
      await page.getByText("Your password has been changed").waitFor()

      // the link was used up
      await page.goto(link)
      await page.getByLabel("New password", { exact: true }).fill("yet another one")
      await page.getByLabel("Repeat the new password").fill("yet another one")
      await page.getByRole("button", { name: "Save the new password" }).click()
      await page.getByRole("alert").getByText("This password reset link is invalid or has expired.").waitFor()
      expect(await page.getByRole("alert").getByRole("link", { name: "Ask for a new link" }).isVisible()).toBe(true)

      await signIn(page, herald.url, { email: BOB.email, password: BOB.password })
      await page.getByRole("alert").getByText("Wrong e-mail or password.").waitFor()
      await signIn(page, herald.url, { email: BOB.email, password: "a brand new one" })
      await page.waitForURL(`${herald.url}/campaigns`)
      await page.getByRole("navigation", { name: "Main" }).waitFor()
      // the refusals provoked: the used link, the old password
      expect(errors).toEqual([])
      await context.close()
    })
  }
)
