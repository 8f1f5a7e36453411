import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { expectTrpcError } from "../../support/webClient.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

const PASSWORD = "correct horse battery"

/**
 * Issue 22 item 10: a disabled account's sessions end at once in every web process, not only in
 * the one where the admin clicked. Two web processes share one SQLite file (as two standalone
 * processes may, WAL mode): nothing that decides who is signed in is kept per process.
 */
describe("disabling an account, two web processes on one store", () => {
  const dir = mkdtempSync(join(tmpdir(), "herald-accounts-"))
  const started: Array<TestWeb> = []
  afterEach(async () => {
    for (const web of started.splice(0)) await web.close()
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("the account signed in on the other process is refused at its next call, and cannot sign in there; enabled again, it can", async () => {
    const store = { kind: "sqlite", path: join(dir, "herald.db") } as const
    const a = await startTestWeb(store)
    started.push(a)
    const b = await startTestWeb(store)
    started.push(b)
    const admin = a.client()
    await signUp(admin, ADMIN_EMAIL, "Admin")
    const pending = await signUp(b.client(), "walt@example.com", "Walt")
    await admin.api.admin.approveUser.mutate({ userId: pending.id })
    const walt = b.client()
    await walt.api.auth.signIn.mutate({ email: "walt@example.com", password: PASSWORD })
    expect(await walt.api.user.getMessagingSession.query()).toEqual({ session: null })

    await admin.api.admin.disableUser.mutate({ userId: pending.id })
    await expectTrpcError(walt.api.user.getMessagingSession.query(), "UNAUTHORIZED")
    expect((await walt.api.auth.me.query()).user).toBeNull()
    const refused = await expectTrpcError(
      b.client().api.auth.signIn.mutate({ email: "walt@example.com", password: PASSWORD }),
      "FORBIDDEN"
    )
    expect(refused.message).toMatch(/disabled by the administrator/)

    await admin.api.admin.enableUser.mutate({ userId: pending.id })
    const again = b.client()
    await again.api.auth.signIn.mutate({ email: "walt@example.com", password: PASSWORD })
    expect(await again.api.user.getMessagingSession.query()).toEqual({ session: null })
  })

  it("nobody disables or declines the ADMIN_EMAIL account, even another admin (here: the first account, from before ADMIN_EMAIL was set)", async () => {
    const store = { kind: "sqlite", path: join(dir, "admin-email.db") } as const
    // before ADMIN_EMAIL: the first account is the admin
    const before = await startTestWeb(store, { adminEmail: null, firstAccountIsAdmin: true })
    started.push(before)
    const boss = before.client()
    expect(await signUp(boss, "boss@example.com", "Boss")).toMatchObject({ role: "ADMIN" })
    const named = await signUp(before.client(), ADMIN_EMAIL, "Named")
    // then ADMIN_EMAIL names the second account
    const after = await startTestWeb(store)
    started.push(after)
    const bossNow = after.client()
    await bossNow.api.auth.signIn.mutate({ email: "boss@example.com", password: PASSWORD })
    // thunks: an eager array would leave the second rejection unhandled while the first is awaited
    for (const call of [
      () => bossNow.api.admin.disableUser.mutate({ userId: named.id }),
      () => bossNow.api.admin.rejectUser.mutate({ userId: named.id })
    ]) {
      const refused = await expectTrpcError(call(), "FORBIDDEN")
      expect(refused.message).toBe(
        "this is the administrator account set in Herald's configuration; it cannot be disabled or declined"
      )
    }
    // it signs in, and is the admin
    const { user } = await after.client().api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: PASSWORD })
    expect(user).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
  })
})
