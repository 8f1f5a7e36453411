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
import { browserApi } from "../support/browserApi.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { engineGroups } from "../support/wahaEngineFixtures.ts"

// Right-to-left names inside a left-to-right page (issue 25 item 4, docs/browser-app.md,
// "Languages"): Arabic and Hebrew group names served by the fake WAHA, in the picker, the preview,
// the campaign page, the campaigns list, Upcoming and a failure. Each name sits in its own <bdi>
// (its own direction, right to left), and the sentence or list around it stays left to right,
// even when the first name of a list is Arabic. Screenshots go to SHOTS_DIR to be looked at.

const ARABIC = "نادي القراءة"
const HEBREW = "מקהלת השכונה"
const ENGLISH = "Football team"
const GROUPS = [
  { id: "120363000000000201@g.us", subject: ARABIC },
  { id: "120363000000000202@g.us", subject: HEBREW },
  { id: "120363000000000203@g.us", subject: ENGLISH }
]
const ARABIC_TEXT = "اجتماع يوم الجمعة الساعة 6 مساءً، لا تتأخروا!"
const HEBREW_QUESTION = "מתי נפגשים?"
const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/h25-rtl-shots"
const hour = 3_600_000

/**
 * The left edge on screen of each of `parts`, found one after the other in the element's text (each
 * within one text node). In a left-to-right sentence they must come out left to right: a name not
 * isolated would take the neutral ", " or the words next to it into its own right-to-left run and
 * swap them ("מקהלת השכונה ,نادي القراءة"), whatever the element's computed direction says.
 */
const leftEdges = (locator: Locator, parts: ReadonlyArray<string>) =>
  locator.evaluate((root, wanted) => {
    const doc = (
      globalThis as unknown as {
        document: { createRange: () => RangeLike; createTreeWalker: (r: unknown, w: number) => WalkerLike }
      }
    ).document
    interface RangeLike {
      setStart: (n: unknown, o: number) => void
      setEnd: (n: unknown, o: number) => void
      getBoundingClientRect: () => { left: number }
    }
    interface WalkerLike {
      nextNode: () => { textContent: string | null } | null
    }
    const walker = doc.createTreeWalker(root, 4)
    const nodes: Array<{ node: unknown; text: string }> = []
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode())
      nodes.push({ node: n, text: n.textContent ?? "" })
    const edges: Array<number | null> = []
    let from = { node: 0, offset: 0 }
    for (const part of wanted) {
      let found: number | null = null
      for (let i = from.node; i < nodes.length && found === null; i++) {
        const at = nodes[i]!.text.indexOf(part, i === from.node ? from.offset : 0)
        if (at < 0) continue
        const range = doc.createRange()
        range.setStart(nodes[i]!.node, at)
        range.setEnd(nodes[i]!.node, at + part.length)
        found = range.getBoundingClientRect().left
        from = { node: i, offset: at + part.length }
      }
      edges.push(found)
    }
    return edges
  }, parts)

/** `parts` are drawn left to right, in the order they are written (see leftEdges). */
const drawnInOrder = async (locator: Locator, parts: ReadonlyArray<string>) => {
  const edges = await leftEdges(locator, parts)
  expect(
    edges.every((x) => x !== null),
    `each of ${JSON.stringify(parts)} is shown`
  ).toBe(true)
  for (let i = 1; i < edges.length; i++) {
    expect(edges[i]!, `"${parts[i]}" is drawn right of "${parts[i - 1]}"`).toBeGreaterThan(edges[i - 1]!)
  }
}

/** the direction the browser lays the element out in */
const direction = (locator: Locator) =>
  locator.evaluate(
    (el) =>
      (globalThis as unknown as { getComputedStyle: (e: unknown) => { direction: string } }).getComputedStyle(el)
        .direction
  )

/** Each <bdi> inside `locator`: its text and the direction it is laid out in. */
const isolated = (locator: Locator) =>
  locator
    .locator("bdi")
    .evaluateAll((els) =>
      els.map((el) => [
        el.textContent ?? "",
        (globalThis as unknown as { getComputedStyle: (e: unknown) => { direction: string } }).getComputedStyle(el)
          .direction
      ])
    )

const shoot = async (page: Page, name: string) => {
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }]
  ] as const) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${size}.png`), fullPage: true })
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(viewport.width)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe.skipIf(!chromiumAvailable)(
  `Arabic and Hebrew names in an English page (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let fake: FakeWaha
    let herald: Standalone
    beforeAll(async () => {
      fake = await startFakeWaha()
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({ GATEWAY_API_URL: fake.url, GATEWAY_API_KEY: FAKE_WAHA_API_KEY })
      ])
      mkdirSync(SHOTS_DIR, { recursive: true })
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
      await fake?.close()
    })

    it("each name is isolated in the picker, the preview, the campaign page, the list, Upcoming and a failure; the sentences stay left to right", async () => {
      const { context, page, errors } = await newPage(browser, { locale: "en-US", timezoneId: "Europe/London" })
      const api = browserApi(context.request, herald.url)
      await api.auth.signUp.mutate({ email: "rtl@example.org", password: "correct horse battery", name: "Layla" })
      const { sessionName } = await api.user.initiateMessagingSession.mutate()
      fake.setGroups(sessionName, engineGroups("WEBJS", GROUPS))
      fake.setSessionStatus(sessionName, "WORKING")
      await eventually(
        "the session is WORKING",
        () => api.user.getSessionStatus.query({ sessionName }),
        (s) => s.status === "WORKING"
      )

      // the picker: each row's name right to left in its own <bdi>, the row itself left to right
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByRole("checkbox", { name: ARABIC }).waitFor()
      const arabicRow = page.locator("label").filter({ has: page.getByRole("checkbox", { name: ARABIC }) })
      expect(await isolated(arabicRow)).toEqual([[ARABIC, "rtl"]])
      // the row left to right: its box, then the name
      const box = await arabicRow.getByRole("checkbox").boundingBox()
      expect(box?.x ?? Number.POSITIVE_INFINITY).toBeLessThan((await leftEdges(arabicRow, [ARABIC]))[0] ?? 0)
      for (const name of [ARABIC, HEBREW, ENGLISH]) await page.getByRole("checkbox", { name }).check()
      await page.getByText("Chosen: 3 groups").waitFor()
      const chips = page.getByRole("list", { name: "Chosen" })
      expect(await isolated(chips)).toEqual([
        [ARABIC, "rtl"],
        [HEBREW, "rtl"],
        [ENGLISH, "ltr"]
      ])
      await shoot(page, "picker")

      // the preview: "to 3 groups (…, … and …)", the list in the page's direction, its names in theirs
      await page.getByRole("radio", { name: "Messages on dates I choose" }).check()
      const due = new Date(Date.now() + 3 * hour)
      const pad = (n: number) => String(n).padStart(2, "0")
      await page.getByLabel("Time zone").selectOption("Europe/London")
      await page.getByLabel("Date of message 1").fill(due.toISOString().slice(0, 10))
      await page.getByLabel("Time of message 1").fill(`${pad(due.getUTCHours())}:00`)
      const text = page.getByLabel("Text of message 1")
      await text.fill(ARABIC_TEXT)
      // the field takes the direction of what is typed
      expect(await direction(text)).toBe("rtl")
      await page.getByRole("button", { name: "Preview" }).click()
      const targets = page.getByTestId("preview-targets")
      await targets.waitFor()
      expect(await targets.textContent()).toBe(
        `Each message goes to 3 groups (${ARABIC}, ${HEBREW}, and ${ENGLISH}): 3 sends in all.`
      )
      await drawnInOrder(targets, ["Each message goes to", ARABIC, HEBREW, "and", ENGLISH, "3 sends in all"])
      // the made-up title in the preview's sentence: the reader's words, the name isolated
      const previewTitle = page.getByTestId("preview-title")
      expect(await previewTitle.textContent()).toBe(`${ARABIC} and 2 more`)
      expect(await isolated(previewTitle)).toEqual([[ARABIC, "rtl"]])
      await drawnInOrder(page.getByTestId("preview-title").locator(".."), ["“", ARABIC, "and", "more", "”, times in"])
      expect(await isolated(targets)).toEqual([
        [ARABIC, "rtl"],
        [HEBREW, "rtl"],
        [ENGLISH, "ltr"]
      ])
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "preview")
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/[^/]+$/)

      // the campaign page: the names after "To 3 groups:" are a left-to-right list of isolated names
      const to = page.getByText("To 3 groups:")
      await to.waitFor()
      // the title planning made up ("نادي القراءة and 2 more"): in the reader's words, left to right, the name isolated
      const heading = page.getByRole("heading", { level: 1 })
      expect(await heading.textContent()).toBe(`${ARABIC} and 2 more`)
      await drawnInOrder(heading, [ARABIC, "and", "more"])
      expect(await isolated(heading)).toEqual([[ARABIC, "rtl"]])
      const names = to.locator("strong")
      expect(await names.textContent()).toBe(`${ARABIC}, ${HEBREW}, and 1 more`)
      await drawnInOrder(names, [ARABIC, HEBREW, "and", "more"])
      expect(await isolated(names)).toEqual([
        [ARABIC, "rtl"],
        [HEBREW, "rtl"]
      ])
      // each message row's group, and the message's own text, right to left
      const rowGroups = page.getByTestId("message-group")
      expect((await isolated(rowGroups)).filter(([name]) => name === ARABIC)).toEqual([[ARABIC, "rtl"]])
      // (a row's text takes each paragraph's direction from its first letter at layout: unicode-bidi plaintext)
      expect(
        await page
          .getByText(ARABIC_TEXT)
          .first()
          .evaluate(
            (el) =>
              (globalThis as unknown as { getComputedStyle: (e: unknown) => { unicodeBidi: string } }).getComputedStyle(
                el
              ).unicodeBidi
          )
      ).toBe("plaintext")
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "campaign")

      // the campaigns list: "To نادي القراءة, מקהלת השכונה, and 1 more", the list left to right
      await page.goto(`${herald.url}/campaigns`)
      const toList = page
        .getByRole("listitem")
        .locator("p")
        .filter({ hasText: `To ${ARABIC}, ${HEBREW}, and 1 more` })
      await toList.waitFor()
      await drawnInOrder(toList, ["To", ARABIC, HEBREW, "and", "more"])
      expect(await isolated(toList)).toEqual([
        [ARABIC, "rtl"],
        [HEBREW, "rtl"]
      ])
      await shoot(page, "campaigns")

      // in Spanish the list's words are Spanish ("y 1 más"), the names as they are
      await api.auth.setLanguage.mutate({ language: "es" })
      await page.reload()
      const paraList = page
        .getByRole("listitem")
        .locator("p")
        .filter({ hasText: `Para ${ARABIC}, ${HEBREW} y 1 más` })
      await paraList.waitFor()
      expect(await isolated(paraList)).toEqual([
        [ARABIC, "rtl"],
        [HEBREW, "rtl"]
      ])
      await drawnInOrder(paraList, ["Para", ARABIC, HEBREW, "y", "más"])
      // Upcoming in Spanish: the made-up title's link in Spanish words, left to right, the name isolated
      await page.goto(`${herald.url}/upcoming`)
      const upcomingLink = page.getByRole("link", { name: `${ARABIC} y 2 más` }).first()
      await upcomingLink.waitFor()
      expect(await isolated(upcomingLink)).toEqual([[ARABIC, "rtl"]])
      await drawnInOrder(upcomingLink, [ARABIC, "y", "más"])
      await shoot(page, "upcoming-es")
      await page.goto(`${herald.url}/campaigns`)
      await page.getByRole("link", { name: `${ARABIC} y 2 más` }).click()
      await page.getByText("Para 3 grupos:").waitFor()
      await shoot(page, "campaign-es")
      await api.auth.setLanguage.mutate({ language: "en" })
      await page.reload()
      await page.getByText("To 3 groups:").waitFor()

      // Upcoming: a poll's Hebrew question isolated after "Poll:"
      await api.campaign.create.mutate({
        sessionName,
        targets: [{ groupId: GROUPS[2]!.id, groupName: ENGLISH }],
        title: "Rehearsal",
        messages: [
          {
            content: HEBREW_QUESTION,
            scheduledAt: new Date(Date.now() + 2 * hour).toISOString(),
            poll: { options: ["ראשון", "שני"], multipleAnswers: false }
          }
        ]
      })
      await page.goto(`${herald.url}/upcoming`)
      const poll = page.getByText(`Poll: ${HEBREW_QUESTION}`)
      await poll.waitFor()
      await drawnInOrder(poll, ["Poll:", HEBREW_QUESTION])
      expect(await isolated(poll)).toEqual([[HEBREW_QUESTION, "rtl"]])

      // a failure in the Hebrew group: "This campaign failed in the group …." with the name isolated
      fake.refuseChat(GROUPS[1]!.id, 400, { statusCode: 400, message: "Chat not found", error: "Bad Request" })
      const { id } = await api.campaign.create.mutate({
        sessionName,
        targets: [
          { groupId: GROUPS[2]!.id, groupName: ENGLISH },
          { groupId: GROUPS[1]!.id, groupName: HEBREW }
        ],
        messages: [{ content: "Training is off", scheduledAt: new Date(Date.now() + 2_000).toISOString() }]
      })
      await page.goto(`${herald.url}/campaigns/${id}`)
      const failed = page.getByText(`This campaign failed in the group ${HEBREW}.`, { exact: true })
      await failed.waitFor({ timeout: 30_000 })
      await drawnInOrder(failed, ["This campaign failed in the group", HEBREW, "."])
      expect(await isolated(failed)).toEqual([[HEBREW, "rtl"]])
      expect(errors).toEqual([])
      await context.close()
    }, 120_000)
  }
)
