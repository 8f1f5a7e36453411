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
import { eventually } from "../support/eventually.ts"
import { parseMail } from "../support/mime.ts"

// Issue 22 item 10, in the browser: the first-account hint of a fresh install, and the admin's
// decisions (decline, disable, enable again) with what each person then sees. One standalone
// (the first account is the admin, mail as files) for the whole file; each person has a context.
// ADMIN_SCREENSHOTS=<folder> writes the screens to that folder.

const ADMIN = { name: "Ada Admin", email: "ada@example.org", password: "first account pw" }
const BOB = { name: "Bob Member", email: "bob@example.org", password: "bob's password" }
const CAROL = { name: "Carol Stranger", email: "carol@example.org", password: "carol's password" }
const PHONE = { width: 390, height: 844 }

const shots = process.env.ADMIN_SCREENSHOTS
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

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

const HINT = "This Herald has no accounts yet."

describe.skipIf(!chromiumAvailable)(
  `accounts: first-account hint and the admin's decisions (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
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

    it("a fresh install says on sign-in and sign-up that the first account becomes the admin; once it exists, nothing", async () => {
      const { page, errors, context } = await newPage(browser)
      await page.goto(`${herald.url}/sign-in`)
      const hint = page.getByRole("status").filter({ hasText: HINT })
      await hint.waitFor()
      expect(await hint.textContent()).toContain("The first account created becomes its administrator")
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "sign-in-first-account")
      await page.setViewportSize(PHONE)
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width)
      await shoot(page, "sign-in-first-account-phone")
      await page.setViewportSize({ width: 1280, height: 800 })

      // by keyboard: the hint's link leads to the sign-up page, which says it too
      await hint.getByRole("link", { name: "Create the first account" }).focus()
      await page.keyboard.press("Enter")
      await page.getByRole("heading", { name: "Create an account" }).waitFor()
      await page.getByRole("status").filter({ hasText: HINT }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await fillSignUp(page, ADMIN)
      await page.waitForURL(`${herald.url}/whatsapp`)
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).waitFor()

      // anyone else, from now on: no hint
      const other = await newPage(browser)
      const installAnswered = () => other.page.waitForResponse((r) => r.url().includes("auth.install"))
      let answered = installAnswered()
      await other.page.goto(`${herald.url}/sign-in`)
      await other.page.getByRole("heading", { name: "Sign in" }).waitFor()
      // the page asked, and was answered: no hint
      await answered
      expect(await other.page.getByText(HINT).count()).toBe(0)
      answered = installAnswered()
      await other.page.goto(`${herald.url}/sign-up`)
      await other.page.getByRole("heading", { name: "Create an account" }).waitFor()
      await answered
      expect(await other.page.getByText(HINT).count()).toBe(0)
      expect(errors).toEqual([])
      expect(other.errors).toEqual([])
      await other.context.close()
      await context.close()
    }, 60_000)

    it("the admin declines one request and disables, then enables, another account; each person is told plainly", async () => {
      const bob = await newPage(browser)
      await bob.page.goto(`${herald.url}/sign-up`)
      await fillSignUp(bob.page, BOB)
      await bob.page.getByRole("heading", { name: "Waiting for approval" }).waitFor()
      const carol = await newPage(browser)
      await carol.page.goto(`${herald.url}/sign-up`)
      await fillSignUp(carol.page, CAROL)
      await carol.page.getByRole("heading", { name: "Waiting for approval" }).waitFor()

      const admin = await newPage(browser)
      await signIn(admin.page, herald.url, ADMIN)
      await admin.page.waitForURL(`${herald.url}/campaigns`)
      await admin.page.goto(`${herald.url}/admin`)
      await admin.page.getByRole("heading", { name: "Accounts", exact: true }).waitFor()
      const waiting = admin.page.getByRole("list", { name: "Accounts waiting for approval" })
      const table = admin.page.getByRole("region", { name: "All accounts" })
      const row = (email: string) => table.getByRole("row", { name: new RegExp(email) })
      await row(CAROL.email).waitFor()
      expect(await row(ADMIN.email).textContent()).toContain("This is you")
      expect(await row(ADMIN.email).getByRole("button").count()).toBe(0)
      expect(await seriousA11yViolations(admin.page)).toEqual([])
      await shoot(admin.page, "admin-waiting")

      // decline Carol: asked first; "no" changes nothing
      await waiting.getByRole("button", { name: `Decline ${CAROL.name} (${CAROL.email})` }).click()
      const question = admin.page.getByRole("group", { name: `Decline ${CAROL.name} (${CAROL.email})` })
      await question.getByText(`Decline ${CAROL.name}'s request?`).waitFor()
      expect(await seriousA11yViolations(admin.page)).toEqual([])
      await question.getByRole("button", { name: "No, keep waiting" }).click()
      expect(await row(CAROL.email).textContent()).toContain("Waiting for approval")
      await waiting.getByRole("button", { name: `Decline ${CAROL.name} (${CAROL.email})` }).click()
      await question.getByRole("button", { name: "Yes, decline" }).click()
      await expect.poll(() => row(CAROL.email).textContent()).toContain("Declined")

      await waiting.getByRole("button", { name: `Approve ${BOB.name} (${BOB.email})` }).click()
      await admin.page.getByText("No accounts are waiting for approval.").waitFor()
      await expect.poll(() => row(BOB.email).textContent()).toContain("Active")
      await bob.page.getByRole("button", { name: "Check again" }).click()
      await bob.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).waitFor()

      // disable Bob, by keyboard: Enter asks, focus lands on "no"; Shift+Tab, Enter confirms
      await row(BOB.email)
        .getByRole("button", { name: `Disable ${BOB.name} (${BOB.email})` })
        .focus()
      await admin.page.keyboard.press("Enter")
      const disableQuestion = admin.page.getByRole("group", { name: `Disable ${BOB.name} (${BOB.email})` })
      await disableQuestion.getByText("They are signed out at once").waitFor()
      await expect
        .poll(() => admin.page.evaluate<string | null>("document.activeElement?.textContent ?? null"))
        .toBe("No, keep active")
      await shoot(admin.page, "admin-disable-question")
      await admin.page.keyboard.press("Shift+Tab")
      await admin.page.keyboard.press("Enter")
      await expect.poll(() => row(BOB.email).textContent()).toContain("Disabled")
      // the next question (enable) is not asked by itself
      expect(await row(BOB.email).getByRole("button", { name: "Yes, enable" }).count()).toBe(0)
      // and the focus stays in the row, on its next control
      await expect
        .poll(() => admin.page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null"))
        .toBe(`Enable ${BOB.name} (${BOB.email})`)
      expect(await seriousA11yViolations(admin.page)).toEqual([])
      await shoot(admin.page, "admin-accounts")

      // Bob's browser is signed out (its header's next check may already have found out): opening a
      // page leads to sign-in, which says why once he tries
      await bob.page.goto(`${herald.url}/whatsapp`)
      await bob.page.waitForURL(/\/sign-in/)
      await signIn(bob.page, herald.url, BOB)
      const refused = bob.page.getByRole("alert")
      await refused
        .getByText(`This account was disabled by the administrator; ask ${ADMIN.email} to enable it again.`)
        .waitFor()
      // nothing to do on this page: no "sign up again" as for an unconfirmed address
      expect(await refused.getByRole("link").count()).toBe(0)
      await shoot(bob.page, "sign-in-disabled")
      expect(await seriousA11yViolations(bob.page)).toEqual([])
      // a wrong password hears nothing of it
      await signIn(bob.page, herald.url, { email: BOB.email, password: "not the password" })
      await bob.page.getByRole("alert").getByText("Wrong e-mail or password.").waitFor()

      await signIn(carol.page, herald.url, CAROL)
      await carol.page
        .getByRole("alert")
        .getByText(/^Your request for an account was declined by the administrator/)
        .waitFor()

      // the filter shows each status on its own
      await admin.page.getByLabel("Show").selectOption({ label: "Disabled" })
      await expect.poll(() => table.getByRole("row").count()).toBe(2)
      expect(await row(BOB.email).textContent()).toContain("Disabled")
      await admin.page.getByLabel("Show").selectOption({ label: "Declined" })
      await expect.poll(() => row(CAROL.email).count()).toBe(1)
      expect(await row(BOB.email).count()).toBe(0)
      await admin.page.getByLabel("Show").selectOption({ label: "All accounts" })

      // enable Bob again: he signs in
      await row(BOB.email)
        .getByRole("button", { name: `Enable ${BOB.name} (${BOB.email})` })
        .click()
      await admin.page
        .getByRole("group", { name: `Enable ${BOB.name} (${BOB.email})` })
        .getByRole("button", { name: "Yes, enable" })
        .click()
      await expect.poll(() => row(BOB.email).textContent()).toContain("Active")
      await signIn(bob.page, herald.url, BOB)
      await bob.page.waitForURL(`${herald.url}/campaigns`)

      // on a phone: the page does not scroll sideways (only the table's region may), axe clean
      await admin.page.setViewportSize(PHONE)
      await admin.page.reload()
      await row(CAROL.email).waitFor()
      expect(await admin.page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width)
      expect(await seriousA11yViolations(admin.page)).toEqual([])
      await shoot(admin.page, "admin-accounts-phone")

      // the owners were told by mail: Carol that she was declined, Bob where to sign in
      const mails = () => herald.mails().map((raw) => parseMail(raw))
      await expect.poll(() => mails().some((m) => m.to.includes(CAROL.email) && /declined/.test(m.text))).toBe(true)
      await expect
        .poll(() => mails().some((m) => m.to.includes(BOB.email) && m.text.includes(`${herald.url}/sign-in`)))
        .toBe(true)
      // and the admin's mail of a new registration links to this page
      expect(mails().some((m) => m.text.includes(`${herald.url}/admin`))).toBe(true)

      expect(admin.errors).toEqual([])
      expect(bob.errors).toEqual([])
      expect(carol.errors).toEqual([])
      for (const person of [admin, bob, carol]) await person.context.close()
    }, 120_000)

    it("a message due while its owner is disabled is not sent, and the campaign says why; enabled again, Send again sends it", async () => {
      const DANA = { name: "Dana Organiser", email: "dana@example.org", password: "dana's password" }
      const adminContext = await browser.newContext()
      const adminApi = browserApi(adminContext.request, herald.url)
      await adminApi.auth.signIn.mutate({ email: ADMIN.email, password: ADMIN.password })
      const dana = await newPage(browser)
      const danaApi = browserApi(dana.context.request, herald.url)
      const { user } = await danaApi.auth.signUp.mutate(DANA)
      await adminApi.admin.approveUser.mutate({ userId: user!.id })
      const sessionName = await connectSandboxSession(danaApi)
      const group = (await danaApi.user.getMessagingGroups.query({ sessionName })).items[0]!
      const { id } = await danaApi.campaign.create.mutate({
        sessionName,
        ...group,
        title: "Choir rehearsal",
        messages: [{ content: "Rehearsal moves to 8 pm", scheduledAt: new Date(Date.now() + 8_000).toISOString() }]
      })
      await adminApi.admin.disableUser.mutate({ userId: user!.id })
      // the scheduler's word that it did not send it (the log line of a failed message)
      await herald.process.waitForOutput(
        /Error processing message \S+: not sent: this account was disabled by the administrator/,
        30_000
      )
      await adminApi.admin.enableUser.mutate({ userId: user!.id })
      await signIn(dana.page, herald.url, DANA)
      await dana.page.waitForURL(`${herald.url}/campaigns`)
      await dana.page.goto(`${herald.url}/campaigns/${id}`)
      const reason = "The message was not sent: this account was disabled by the administrator."
      await dana.page.getByRole("alert").getByText(`This campaign failed. ${reason}`).waitFor()
      const row = dana.page
        .getByRole("list", { name: "Messages" })
        .getByRole("listitem")
        .filter({ hasText: "Rehearsal moves to 8 pm" })
      await row.getByText(`Not sent. ${reason}`).waitFor()
      await row.getByText(/^What to do: Ask your Herald administrator to enable your account again/).waitFor()
      expect(await seriousA11yViolations(dana.page)).toEqual([])
      await shoot(dana.page, "campaign-owner-disabled")
      await row.getByRole("button", { name: /^Send again the message of / }).click()
      await row
        .getByRole("form", { name: "Send this message again" })
        .getByRole("button", { name: "Send it again now" })
        .click()
      await eventually(
        "the message sent again goes out",
        () => danaApi.campaign.get.query({ id }),
        (campaign) => campaign.messages.some((m) => m.content === "Rehearsal moves to 8 pm" && m.isSent),
        30_000
      )
      expect(dana.errors).toEqual([])
      await dana.context.close()
      await adminContext.close()
    }, 120_000)
  }
)
