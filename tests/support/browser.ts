import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import axe from "axe-core"
import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core"
import { chromium } from "playwright-core"
import { closedPort } from "./net.ts"
import type { RunningProcess } from "./processes.ts"
import { standaloneEntry, startProcess } from "./processes.ts"

/**
 * Browser tests drive Debian's Chromium (`apt-get install chromium`, which .ci/run does) through
 * playwright-core: no browser download. CHROMIUM_PATH points elsewhere. Without it the browser
 * suites say they are skipped; under CI=true that is an error instead.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
export const chromiumAvailable = existsSync(CHROMIUM_PATH)
export const BROWSER_SKIP_REASON = `skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`
if (!chromiumAvailable) {
  if (process.env.CI === "true")
    throw new Error(`[herald tests] CI=true but the browser suites would be ${BROWSER_SKIP_REASON}`)
  console.warn(`[herald tests] browser suites ${BROWSER_SKIP_REASON}`)
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // this machine's network is closed: without these Chromium keeps trying Google's hosts
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync"
    ]
  })

/**
 * Console errors, uncaught exceptions and CSP refusals of a page: a test ends asserting there were
 * none. Chromium logs every 4xx answer as "Failed to load resource"; an API call the server refuses
 * (wrong password, invalid input) is the app's normal business, shown on the page and asserted
 * there, so those are left out; anything else (a missing script, a 5xx) counts.
 */
export const watchForErrors = (page: Page): Array<string> => {
  const errors: Array<string> = []
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error") return
    const refusedApiCall =
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
      message.location().url.includes("/api/trpc/")
    if (!refusedApiCall) errors.push(`console: ${message.text()} (${message.location().url})`)
  })
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`))
  return errors
}

export interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<string>
}

/** Runs axe-core in the page (through the debugger protocol: the page's CSP does not apply) and returns the serious and critical violations. */
export const seriousA11yViolations = async (page: Page): Promise<ReadonlyArray<AxeViolation>> => {
  await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: typeof axe }).axe.run({ resultTypes: ["violations"] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => n.html)
    }))
  })
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
}

export interface Standalone {
  readonly port: number
  /** AUTH_URL: the origin the app is opened at (mutations from any other are refused) */
  readonly url: string
  readonly dataDir: string
  readonly process: RunningProcess
  /** the mails written under data/mail, newest last */
  readonly mails: () => ReadonlyArray<string>
  readonly stop: () => Promise<void>
}

/** `npm start` as a newcomer runs it: standalone on a fresh data folder, the sandbox gateway, mail as files. */
export const startStandalone = async (env: Record<string, string> = {}): Promise<Standalone> => {
  const dataDir = mkdtempSync(join(tmpdir(), "herald-browser-"))
  const port = await closedPort()
  const proc = startProcess(standaloneEntry, {
    HERALD_DATA_DIR: dataDir,
    PORT: String(port),
    SANDBOX_CONNECT_AFTER_MS: "1500",
    ...env
  })
  await proc.waitForOutput(/Herald is running/, 30_000)
  const mailDir = join(dataDir, "mail")
  return {
    port,
    url: `http://localhost:${port}`,
    dataDir,
    process: proc,
    mails: () =>
      existsSync(mailDir)
        ? readdirSync(mailDir)
            .sort()
            .map((f) => readFileSync(join(mailDir, f), "utf8"))
        : [],
    stop: async () => {
      proc.child.kill("SIGTERM")
      await proc.exited
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** A fresh browser context (its own cookies) with a page that records its errors. */
export const newPage = async (
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {}
): Promise<{ context: BrowserContext; page: Page; errors: Array<string> }> => {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  return { context, page, errors: watchForErrors(page) }
}
