/**
 * npm run bench:ui: the browser app's budgets (issue 11), measured in one run with the real
 * build, a real standalone process (SQLite, sandbox gateway) and Debian's Chromium:
 *
 * 1. first page's JavaScript, gzipped: every script index.html loads (entry and modulepreloads)
 *    and the largest language catalog (one is fetched before the first render), compressed here
 *    with gzip level 9 as a server or proxy would; bound 150 KB.
 * 2. sign-in form interactive after navigation, on loopback: a fresh browser context (cold cache)
 *    opens /sign-in; the time is `performance.now()` (ms since navigation start) when the e-mail
 *    field has taken a typed character (so React is running and handling input); bound 1000 ms,
 *    checked on the slowest of BENCH_RUNS runs.
 * 3. the campaign page of a 1,000-message campaign rendered: in-app navigation from the campaign
 *    list to the campaign (click → every message row in the DOM), with the app already loaded;
 *    bound 500 ms on the slowest run. Also printed: a cold load of that page from the address bar.
 *
 * Env: BENCH_RUNS (default 7).
 */

import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { launchChromium, startStandalone } from "../tests/support/browser.ts"
import { browserApi, connectSandboxSession } from "../tests/support/browserApi.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 7)
const JS_BUDGET_KB = 150
const INTERACTIVE_BUDGET_MS = 1000
const CAMPAIGN_BUDGET_MS = 500
const MESSAGES = 1000

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL")
const sorted = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)
const median = (xs: ReadonlyArray<number>) => sorted(xs)[Math.floor(xs.length / 2)] ?? NaN
const max = (xs: ReadonlyArray<number>) => Math.max(...xs)

execFileSync(process.execPath, [join(root, "tools/buildBrowserApp.ts"), "--if-stale"], { stdio: "inherit" })

// 1. the first page's JavaScript
const dist = join(root, "dist/browser")
const html = readFileSync(join(dist, "index.html"), "utf8")
const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
  (m) => m[1]!
)
const jsSizes = scripts.map((src) => {
  const bytes = readFileSync(join(dist, src))
  return { src, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
})
// the page's words: one language's catalog, fetched before the first render (i18n/i18n.ts);
// the largest of the four counts, as the first page of a visitor in that language loads it
const catalogs = readdirSync(join(dist, "assets"))
  .filter((name) => /^(en|es|pt-BR|de)-[\w-]+\.js$/.test(name))
  .map((name) => {
    const bytes = readFileSync(join(dist, "assets", name))
    return { src: `/assets/${name}`, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
const largestCatalog = catalogs.reduce<(typeof catalogs)[number] | undefined>(
  (largest, c) => (largest === undefined || c.gzip > largest.gzip ? c : largest),
  undefined
)
const jsGzipKb = (jsSizes.reduce((sum, s) => sum + s.gzip, 0) + (largestCatalog?.gzip ?? 0)) / 1024
console.log(
  `first page JavaScript: ${jsSizes.map((s) => `${s.src} ${(s.raw / 1024).toFixed(1)} KB (${(s.gzip / 1024).toFixed(1)} KB gzipped)`).join(", ")}`
)
console.log(
  `  one language's words (the largest of ${catalogs.length} catalogs): ${largestCatalog === undefined ? "none" : `${largestCatalog.src} ${(largestCatalog.raw / 1024).toFixed(1)} KB (${(largestCatalog.gzip / 1024).toFixed(1)} KB gzipped)`}`
)
console.log(
  `  total ${jsGzipKb.toFixed(1)} KB gzipped (bound ${JS_BUDGET_KB} KB): ${verdict(jsGzipKb <= JS_BUDGET_KB)}`
)

const herald = await startStandalone({ SANDBOX_CONNECT_AFTER_MS: "0" })
const browser = await launchChromium()
let failed = jsGzipKb > JS_BUDGET_KB
try {
  // 2. sign-in form interactive
  const interactive: Array<number> = []
  for (let i = 0; i < runs + 1; i++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${herald.url}/sign-in`, { waitUntil: "commit" })
    const email = page.getByLabel("E-mail address")
    await email.pressSequentially("a")
    // a controlled input keeps the character only if React handled the keystroke
    if ((await email.inputValue()) !== "a") throw new Error("the sign-in form did not take input")
    const at = await page.evaluate(() => performance.now())
    if (process.env.BENCH_DEBUG) {
      console.log(
        await page.evaluate(
          "JSON.stringify(performance.getEntriesByType('navigation').map((e) => ({ requestStart: e.requestStart, responseStart: e.responseStart, responseEnd: e.responseEnd, domInteractive: e.domInteractive, domContentLoaded: e.domContentLoadedEventEnd })))"
        )
      )
      console.log(
        await page.evaluate(
          "JSON.stringify(performance.getEntries().filter((e) => e.entryType !== 'navigation').map((e) => [e.entryType, e.name.slice(-30), Math.round(e.startTime), Math.round(e.duration)]))"
        )
      )
    }
    if (i > 0) interactive.push(at) // the first run warms the server's and the browser's caches of this process
    await context.close()
  }
  const slowest = max(interactive)
  console.log(
    `sign-in form interactive after navigation (${runs} cold contexts): median ${median(interactive).toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (bound ${INTERACTIVE_BUDGET_MS} ms): ${verdict(slowest <= INTERACTIVE_BUDGET_MS)}`
  )
  failed ||= slowest > INTERACTIVE_BUDGET_MS

  // 3. a 1,000-message campaign
  const context = await browser.newContext()
  const api = browserApi(context.request, herald.url)
  await api.auth.signUp.mutate({ email: "bench@example.org", password: "correct horse battery", name: "Bench" })
  const sessionName = await connectSandboxSession(api)
  const start = Date.now() + 24 * 3_600_000
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    content: `Message ${i + 1}: rehearsal at 7pm, bring your music.`,
    scheduledAt: new Date(start + i * 60_000).toISOString()
  }))
  const { id } = await api.campaign.create.mutate({
    sessionName,
    groupId: "120363000000000001@g.us",
    groupName: "Bench choir",
    title: "A thousand",
    messages
  })
  const page = await context.newPage()
  // Timed in the page at each animation frame (a Playwright locator polls at up to 500 ms
  // intervals, which would measure its own back-off): `rowsAt` resolves with performance.now()
  // of the first frame in which every message row is in the document.
  const rowsAt = `new Promise((resolve) => {
    const check = () => document.querySelectorAll('ol[aria-label="Messages"] > li').length >= ${MESSAGES} ? resolve(performance.now()) : requestAnimationFrame(check)
    check()
  })`
  const cold: Array<number> = []
  const inApp: Array<number> = []
  for (let i = 0; i < runs + 1; i++) {
    await page.goto(`${herald.url}/campaigns/${id}`, { waitUntil: "commit" })
    const coldAt = await page.evaluate<number>(rowsAt)
    await page.goto(`${herald.url}/campaigns`)
    const link = page.getByRole("link", { name: /A thousand/ })
    await link.waitFor()
    // the click time is taken in the page, by a listener that runs before the app's own
    await page.evaluate(
      "window.__clickedAt = null; document.addEventListener('click', () => { window.__clickedAt = performance.now() }, { capture: true, once: true })"
    )
    await link.click()
    const renderedAt = await page.evaluate<number>(rowsAt)
    const clickedAt = await page.evaluate<number>("window.__clickedAt")
    if (i > 0) {
      cold.push(coldAt)
      inApp.push(renderedAt - clickedAt)
    }
  }
  const slowestInApp = max(inApp)
  console.log(
    `campaign page, ${MESSAGES} messages, from the list (click → every row in the DOM): median ${median(inApp).toFixed(0)} ms, slowest ${slowestInApp.toFixed(0)} ms (bound ${CAMPAIGN_BUDGET_MS} ms): ${verdict(slowestInApp <= CAMPAIGN_BUDGET_MS)}`
  )
  console.log(
    `  cold load of that page from the address bar (navigation start → every row): median ${median(cold).toFixed(0)} ms, slowest ${max(cold).toFixed(0)} ms`
  )
  failed ||= slowestInApp > CAMPAIGN_BUDGET_MS
} finally {
  await browser.close()
  await herald.stop()
}
console.log(failed ? "bench:ui: FAIL" : "bench:ui: every budget met")
process.exitCode = failed ? 1 : 0
