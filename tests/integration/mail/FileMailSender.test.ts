import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeFileMailSender } from "../../../src/infrastructure/mail/FileMailSender.ts"

const folders: Array<string> = []
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true })
})
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-mail-"))
  folders.push(folder)
  return folder
}
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)

const mail = {
  to: "ada@example.org",
  subject: "Reset your password",
  text: "https://herald.example/reset?token=secret"
}

describe("FileMailSender", () => {
  it("writes each mail as an .eml file that only its owner reads, in a folder only its owner opens (even one made 0755 before)", async () => {
    const dir = join(tempFolder(), "mail")
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    // a mail written by an earlier Herald, readable by anyone
    writeFileSync(join(dir, "2026-01-01T10-00-00-000Z-old@example.org.eml"), "old", { mode: 0o644 })
    chmodSync(join(dir, "2026-01-01T10-00-00-000Z-old@example.org.eml"), 0o644)
    const sender = makeFileMailSender({ dir, from: "herald@localhost" })
    await Effect.runPromise(sender.send(mail))
    await Effect.runPromise(sender.send(mail))
    const files = readdirSync(dir)
    expect(files).toHaveLength(3)
    expect(modeOf(dir)).toBe("700")
    expect(Object.fromEntries(files.map((f) => [f, modeOf(join(dir, f))]))).toEqual(
      Object.fromEntries(files.map((f) => [f, "600"]))
    )
    expect(
      files.filter((f) => readFileSync(join(dir, f), "utf8").includes("Subject: Reset your password"))
    ).toHaveLength(2)
  })

  it("makes a missing folder for its owner only", async () => {
    const dir = join(tempFolder(), "data", "mail")
    await Effect.runPromise(makeFileMailSender({ dir, from: "herald@localhost" }).send(mail))
    expect(modeOf(dir)).toBe("700")
    expect(readdirSync(dir).map((f) => modeOf(join(dir, f)))).toEqual(["600"])
  })
})
