// Remakes the pictures of docs/screenshots/ (README "Using Herald", docs/browser-app.md) from a real
// run: `node tools/screenshots.ts` starts standalone (`npm start`'s process) on a fresh data folder and
// a free port, with the sandbox gateway, and drives Debian's Chromium (CHROMIUM_PATH for another)
// through playwright-core as an organiser would: the first account, WhatsApp connected, campaigns to
// several groups (one repeating), a message sent, and one that fails in plain words. Each screen is
// taken at a desktop's 1280x800 and, where it matters, a phone's 390x844.
//
// The failure: the sandbox gateway refuses a send while its session is stopped, as WAHA does. The
// script stops Herald, marks the sandbox session stopped in the sandbox's own state file
// (data/sandbox/sessions.json, read at start), starts Herald again on the same folder and lets the
// message fall due; then it restarts the session from the WhatsApp page's API.
//
// Screens that may not exist yet (an "Upcoming" view at /upcoming) are taken when the app has them
// and skipped, saying so, when it answers "Page not found".
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import process from "node:process"
import { fileURLToPath } from "node:url"
import type { Locator, Page } from "playwright-core"
import { launchChromium, watchForErrors } from "../tests/support/browser.ts"
import { browserApi } from "../tests/support/browserApi.ts"
import { addDays, todayInParis } from "../tests/support/calendar.ts"
import { eventually } from "../tests/support/eventually.ts"
import { closedPort } from "../tests/support/net.ts"
import type { RunningProcess } from "../tests/support/processes.ts"
import { standaloneEntry, startProcess } from "../tests/support/processes.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const outDir = process.env.SCREENSHOTS_DIR || join(root, "docs/screenshots")
// Headless Chromium draws date and time inputs in American English whatever the page's locale, so
// the pictures are in en-US throughout (the app's own times too: one clock style on every screen).
const LOCALE = "en-US"
const TIME_ZONE = "America/New_York"
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const PASSWORD = "a long enough password"

mkdirSync(outDir, { recursive: true })
execFileSync(process.execPath, [join(root, "tools/buildBrowserApp.ts"), "--if-stale"], { stdio: "inherit" })

const dataDir = mkdtempSync(join(tmpdir(), "herald-screenshots-"))
const port = await closedPort()
const url = `http://localhost:${port}`
const env = {
  HERALD_DATA_DIR: dataDir,
  PORT: String(port),
  SANDBOX_CONNECT_AFTER_MS: "1500",
  REQUIRE_APPROVAL: "false",
  // the webhooks page's endpoint is a receiver on this machine (below)
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true"
}

// a service receiving the account's webhooks: accepts every call
const receiver = createServer((req, res) => {
  req.resume()
  req.on("end", () => res.writeHead(204).end())
})
const receiverPort = await closedPort()
await new Promise<void>((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve))
const receiverUrl = `http://localhost:${receiverPort}/herald-events`
const startHerald = async (): Promise<RunningProcess> => {
  const herald = startProcess(standaloneEntry, env)
  await herald.waitForOutput(/Herald is running/, 30_000)
  return herald
}
const stopHerald = async (herald: RunningProcess) => {
  herald.child.kill("SIGTERM")
  await herald.exited
}

/** Scrolls the page so that `target` is at the top of the screen. */
const scrollToTop = async (page: Page, target: Locator) => {
  const box = await target.boundingBox()
  if (box !== null) await page.evaluate(`window.scrollBy(0, ${Math.round(box.y) - 12})`)
}

const taken: Array<string> = []
const skipped: Array<string> = []
/** One picture at the page's current size; `full`: the whole page, not only what fits the screen. */
const shoot = async (page: Page, name: string, full = false) => {
  await page.evaluate("document.fonts.ready")
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: full })
  taken.push(`${name}.png`)
}

let herald = await startHerald()
const browser = await launchChromium()
try {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: LOCALE, viewport: DESKTOP })
  const page = await context.newPage()
  const errors = watchForErrors(page)
  const api = browserApi(context.request, url)

  // the first account: the administrator, straight in, sent to connect WhatsApp
  await page.goto(url)
  await page.getByRole("link", { name: "Create an account" }).click()
  await page.getByLabel("Your name").fill("Nora Organiser")
  await page.getByLabel("E-mail address").fill("nora@example.org")
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Create account" }).click()
  await page.getByRole("heading", { name: "WhatsApp" }).waitFor()
  await page.getByRole("button", { name: "Connect WhatsApp" }).click()
  await page.getByRole("img", { name: /QR code/i }).waitFor()
  await shoot(page, "whatsapp-connect")
  await page.getByRole("link", { name: /WhatsApp: connected/i }).waitFor({ timeout: 20_000 })
  await shoot(page, "whatsapp-connected")

  const session = (await api.user.getMessagingSession.query()).session
  if (session === null) throw new Error("no WhatsApp session after connecting")
  const { sessionName } = session
  // an endpoint made before the first sends, so the webhooks page shows real deliveries
  await api.webhookEndpoint.create.mutate({
    url: receiverUrl,
    events: ["message.sent", "message.failed", "campaign.failed", "session.status"]
  })
  const groups = await api.user.getMessagingGroups.query({ sessionName, limit: 20 })
  const group = (name: string) => {
    const found = groups.items.find((g) => g.groupName === name)
    if (found === undefined) throw new Error(`the sandbox has no group ${name}`)
    return { groupId: found.groupId, groupName: found.groupName }
  }
  const tomorrow = addDays(todayInParis(), 1)
  /** 22:00 UTC on `date`: the late afternoon in New York, whatever the season */
  const evening = (date: string) => `${date}T22:00:00.000Z`

  // a campaign to two groups whose first message goes in a few seconds
  const rehearsal = await api.campaign.create.mutate({
    sessionName,
    targets: [group("Choir"), group("Volunteers")],
    title: "Rehearsal reminder",
    messages: [
      { content: "Rehearsal tonight at 7, see you there!", scheduledAt: new Date(Date.now() + 15_000).toISOString() },
      { content: "Don't forget your music folders tomorrow.", scheduledAt: evening(tomorrow) },
      { content: "Concert dress: black and white.", scheduledAt: evening(addDays(tomorrow, 2)) }
    ]
  })

  // the new-campaign form: a repeating message to three groups, previewed
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New campaign" }).click()
  await page.getByRole("heading", { name: "New campaign" }).waitFor()
  for (const name of ["Football team", "Running club", "Climbing Tuesdays"]) {
    await page.getByLabel("Search groups").fill(name)
    await page.getByRole("checkbox", { name }).check()
  }
  await page.getByLabel("Search groups").fill("")
  await page.getByLabel("Title (optional)").fill("Weekly training")
  await page.getByLabel("A repeating message").check()
  await page.getByLabel("How often").selectOption("WEEKLY")
  await page.getByLabel("Start date").fill(tomorrow)
  await page.getByLabel("End date (included)").fill(addDays(tomorrow, 7 * 3))
  await page.getByLabel("Send time").fill("18:30")
  await page
    .getByLabel("Message template")
    .fill(
      "Training tonight at 7 pm on the usual pitch, {days_left} days left this season.\n---\nBring water and a friend!"
    )
  await page.getByRole("button", { name: "Preview" }).click()
  const preview = page.getByRole("heading", { name: /^Preview: \d+ messages?$/ })
  await preview.waitFor()
  // the template and the start of its preview
  await scrollToTop(page, page.getByText("How often", { exact: true }))
  await shoot(page, "new-campaign")
  await page.setViewportSize(PHONE)
  await scrollToTop(page, preview)
  await shoot(page, "new-campaign-phone")
  await page.setViewportSize(DESKTOP)
  await page.getByRole("button", { name: "Save campaign" }).click()
  await page.waitForURL(/\/campaigns\/[^/]+$/)
  await page.getByRole("heading", { name: "Weekly training" }).waitFor()
  await shoot(page, "campaign-repeating")

  // the first message reaches both groups
  await eventually(
    "the rehearsal reminder's first message is sent to both groups",
    () => api.campaign.get.query({ id: rehearsal.id }),
    (c) => c.messages.filter((m) => m.isSent).length === 2,
    60_000
  )

  // a message that will fail: planned while connected, due once the session has stopped
  const concert = await api.campaign.create.mutate({
    sessionName,
    groupId: group("Parents of class 3B").groupId,
    groupName: "Parents of class 3B",
    title: "School concert",
    messages: [
      {
        content: "Tickets for the school concert are on sale now.",
        scheduledAt: new Date(Date.now() + 20_000).toISOString()
      },
      { content: "The concert starts at 6 pm in the hall.", scheduledAt: evening(addDays(tomorrow, 3)) }
    ]
  })
  await stopHerald(herald)
  const sessionsFile = join(dataDir, "sandbox", "sessions.json")
  const sessions: Record<string, { status: string }> = JSON.parse(readFileSync(sessionsFile, "utf8"))
  const sandboxSession = sessions[sessionName]
  if (sandboxSession === undefined) throw new Error(`the sandbox does not know ${sessionName}`)
  sandboxSession.status = "STOPPED"
  writeFileSync(sessionsFile, JSON.stringify(sessions, null, 2))
  herald = await startHerald()
  await eventually(
    "the school concert campaign fails",
    () => api.campaign.get.query({ id: concert.id }),
    (c) => c.status === "FAILED",
    90_000
  )
  await page.goto(`${url}/campaigns/${concert.id}`)
  await page.getByText("This campaign failed.", { exact: false }).first().waitFor()
  await shoot(page, "failure")
  await page.setViewportSize(PHONE)
  await shoot(page, "failure-phone", true)
  await page.setViewportSize(DESKTOP)
  await page.goto(`${url}/whatsapp`)
  await page.getByRole("heading", { name: "WhatsApp" }).waitFor()
  await page.getByRole("button", { name: "Restart" }).waitFor()
  await shoot(page, "whatsapp-stopped")
  await page.getByRole("button", { name: "Restart" }).click()
  await page.getByRole("link", { name: /WhatsApp: connected/i }).waitFor({ timeout: 20_000 })

  // the campaigns, on a desktop and a phone
  await page.goto(`${url}/campaigns`)
  await page.getByRole("link", { name: /School concert/ }).waitFor()
  await shoot(page, "campaigns")
  await page.goto(`${url}/campaigns/${rehearsal.id}`)
  await page.getByText("State: Sent").first().waitFor()
  await shoot(page, "campaign-sent")
  await page.setViewportSize(PHONE)
  await page.goto(`${url}/campaigns`)
  await page.getByRole("link", { name: /School concert/ }).waitFor()
  await shoot(page, "campaigns-phone")
  await page.goto(`${url}/campaigns/${rehearsal.id}`)
  await page.getByText("State: Sent").first().waitFor()
  await shoot(page, "campaign-phone")
  await page.goto(`${url}/whatsapp`)
  await page.getByRole("link", { name: /WhatsApp: connected/i }).waitFor()
  await shoot(page, "whatsapp-phone")
  // API keys: one just made, shown this once
  await page.setViewportSize(DESKTOP)
  await page.goto(`${url}/account/api-keys`)
  await page.getByLabel("Name").fill("Shop's weekly post")
  await page.getByRole("button", { name: "Create key" }).click()
  await page.getByLabel("Your new API key").waitFor()
  await page.getByRole("row", { name: /Shop's weekly post/ }).waitFor()
  await shoot(page, "api-keys")
  await page.setViewportSize(PHONE)
  await shoot(page, "api-keys-phone", true)
  // webhooks: the endpoint made at the start, its deliveries and a test just sent
  await page.setViewportSize(DESKTOP)
  await page.goto(`${url}/account/webhooks`)
  const endpoint = page.getByRole("region", { name: receiverUrl })
  await endpoint
    .getByRole("row", { name: /A message was sent/ })
    .first()
    .waitFor()
  await endpoint.getByRole("button", { name: "Send a test" }).click()
  await endpoint.getByText(/The test was delivered/).waitFor()
  await shoot(page, "webhooks", true)
  await page.setViewportSize(PHONE)
  await shoot(page, "webhooks-phone", true)

  // screens still being built: taken when the app has them
  for (const [path, name] of [["/upcoming", "upcoming"]] as const) {
    await page.setViewportSize(DESKTOP)
    await page.goto(`${url}${path}`)
    const title = page.getByRole("heading", { level: 1 }).first()
    await title.waitFor()
    if ((await title.textContent()) === "Page not found") {
      skipped.push(`${name} (${path} answers "Page not found")`)
      continue
    }
    await page.waitForLoadState("networkidle")
    await shoot(page, name)
    await page.setViewportSize(PHONE)
    await page.reload()
    await page.waitForLoadState("networkidle")
    await shoot(page, `${name}-phone`)
  }

  if (errors.length > 0) console.warn(`The pages logged errors:\n${errors.join("\n")}`)
  await context.close()
} finally {
  await browser.close()
  await stopHerald(herald)
  receiver.close()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`Screenshots in ${outDir}: ${taken.join(", ")}`)
if (skipped.length > 0) console.log(`Skipped: ${skipped.join("; ")}`)
