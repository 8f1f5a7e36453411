import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { eventually } from "../support/eventually.ts"
import { closedPort } from "../support/net.ts"
import { standaloneEntry, startProcess } from "../support/processes.ts"
import { WebClient } from "../support/webClient.ts"

// Issue 26 item 5: the README's automation loop (create a key, plan with an Idempotency-Key, receive
// and verify a webhook) is run as the README prints it, against `npm start`: if the README goes
// stale, this fails. Only the addresses, the account and the minute's wait are put in.

const section = (() => {
  const readme = readFileSync("README.md", "utf8")
  const start = readme.indexOf("## Automating Herald")
  const end = readme.indexOf("\n## ", start + 1)
  return readme.slice(start, end)
})()

/** The first fenced block of `language` in the section. */
const block = (language: string): string => {
  const match = section.match(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``))
  if (match?.[1] === undefined) throw new Error(`README's automation section has no ${language} block`)
  return match[1]
}

/** Replaces `from` (which must be there) by `to`. */
const put = (text: string, from: string, to: string): string => {
  expect(text).toContain(from)
  return text.replaceAll(from, to)
}

const dirs: Array<string> = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe("the README's automation loop", () => {
  it("runs as printed: a key, a campaign planned once under an Idempotency-Key sent twice, its message.sent verified by the receiver", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "herald-readme-"))
    const work = mkdtempSync(join(tmpdir(), "herald-readme-work-"))
    dirs.push(dataDir, work)
    const port = await closedPort()
    const receiverPort = await closedPort()
    const herald = `http://localhost:${port}`
    const proc = startProcess(standaloneEntry, {
      HERALD_DATA_DIR: dataDir,
      PORT: String(port),
      SANDBOX_CONNECT_AFTER_MS: "300",
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true"
    })
    let script: ReturnType<typeof spawn> | undefined
    try {
      await proc.waitForOutput(/Herald is running/, 30_000)
      // what the README takes as given: an account with a connected WhatsApp (here the sandbox)
      const me = new WebClient(`http://127.0.0.1:${port}`, { origin: herald })
      await me.api.auth.signUp.mutate({ email: "sheet@example.org", password: "correct horse battery", name: "Sheet" })
      const { sessionName } = await me.api.user.initiateMessagingSession.mutate()
      await me.api.user.getSessionQR.query({ sessionName })
      await eventually(
        "the sandbox session to connect",
        async () => (await me.api.user.getSessionStatus.query({ sessionName })).status,
        (s) => s === "WORKING"
      )

      writeFileSync(join(work, "receiver.mjs"), put(block("js"), "listen(9000)", `listen(${receiverPort})`))
      let shell = block("sh")
      shell = put(shell, "HERALD=http://localhost:8080", `HERALD=${herald}`)
      shell = put(
        shell,
        "EMAIL=you@example.org; PASSWORD='your password'",
        "EMAIL=sheet@example.org; PASSWORD='correct horse battery'"
      )
      shell = put(shell, "localhost:9000", `localhost:${receiverPort}`)
      // due in 2 s rather than a minute
      shell = put(shell, "Date.now() + 60_000", "Date.now() + 2_000")
      writeFileSync(join(work, "loop.sh"), shell)

      let output = ""
      // its own process group: the receiver it starts in the background goes with it
      script = spawn("bash", ["-eu", "loop.sh"], {
        cwd: work,
        detached: true,
        env: { ...process.env, PATH: `${join(process.cwd(), "node_modules", ".bin")}${delimiter}${process.env.PATH}` }
      })
      script.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8")
      })
      script.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8")
      })

      const answers = await eventually(
        "both answers of the create",
        () => [...output.matchAll(/^\{"id":"([^"]+)"\}$/gm)].map((m) => m[1]),
        (ids) => ids.length === 2,
        30_000
      )
      expect(answers[0]).toBe(answers[1])
      const verified = await eventually(
        "the receiver to verify message.sent",
        () => output.split("\n").find((line) => line.startsWith("verified ") && line.includes('"type":"message.sent"')),
        (line) => line !== undefined,
        45_000
      )
      expect(verified).toContain(`"campaignId":"${answers[0]}"`)
      expect(output).not.toContain("refused")
      // planned once, by the key
      const { items } = await me.api.campaign.list.query({})
      expect(items.map((c) => c.title)).toEqual(["From the sign-up sheet"])
    } finally {
      if (script?.pid !== undefined) process.kill(-script.pid, "SIGKILL")
      proc.child.kill("SIGKILL")
    }
  }, 120_000)
})
