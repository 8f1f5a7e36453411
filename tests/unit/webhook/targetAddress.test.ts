import { describe, expect, it } from "vitest"
import { isPrivateAddress } from "../../../src/domain/webhook/privateAddress.ts"
import { webhookUrlProblem } from "../../../src/domain/webhook/Webhook.ts"
import { checkTarget } from "../../../src/infrastructure/webhooks/targetAddress.ts"

describe("the addresses webhooks may not reach by default", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "100.127.255.254",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::10.0.0.1",
    // NAT64 local-use, 6to4, SIIT, Teredo, cloud metadata on public-looking addresses
    "64:ff9b:1::a9fe:a9fe",
    "64:ff9b:1:ffff::10.0.0.1",
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "2002:c0a8:101:1::1",
    "::ffff:0:7f00:1",
    "::ffff:0:a9fe:a9fe",
    "2001::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "168.63.129.16",
    "100.100.100.200",
    "::ffff:168.63.129.16",
    "not an address"
  ])("%s is refused", (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "64:ff9b:1::808:808",
    "2002:808:808::1",
    "::ffff:0:808:808",
    "2001:db9::1",
    "168.63.129.17",
    "168.63.129.15"
  ])("%s is allowed", (address) => {
    expect(isPrivateAddress(address)).toBe(false)
  })

  it("a name leading to loopback is refused, and allowed with the setting (the address checked is the one used)", async () => {
    const refused = await checkTarget("localhost", false, { timeoutMs: 1_000 })
    expect(refused).toMatchObject({ ok: false, why: "private", address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })
    const allowed = await checkTarget("localhost", true, { timeoutMs: 1_000 })
    expect(allowed.ok && ["127.0.0.1", "::1"].includes(allowed.target.address)).toBe(true)
    expect(await checkTarget("api.localhost", false, { timeoutMs: 1_000 })).toMatchObject({ ok: false, why: "private" })
    expect(await checkTarget("169.254.169.254", false, { timeoutMs: 1_000 })).toMatchObject({ ok: false })
    expect(await checkTarget("::ffff:127.0.0.1", false, { timeoutMs: 1_000 })).toMatchObject({ ok: false })
  })

  it.each([
    "https://localhost/hook",
    "https://api.localhost/hook",
    "https://127.0.0.1:8443/",
    "https://10.0.0.5/",
    "https://[::1]/",
    "https://[::ffff:169.254.169.254]/",
    "https://169.254.169.254/latest/meta-data"
  ])("%s is refused when the endpoint is made (without the setting)", (url) => {
    expect(webhookUrlProblem(url, false)).toBe(
      "The address leads to this server or a private network, which Herald does not call."
    )
    expect(webhookUrlProblem(url, true)).toBeNull()
  })

  it("a public name or address is accepted when made (where a name leads is checked at each delivery)", () => {
    expect(webhookUrlProblem("https://hooks.example.com/x?y=1", false)).toBeNull()
    expect(webhookUrlProblem("https://8.8.8.8/", false)).toBeNull()
    expect(webhookUrlProblem("http://hooks.example.com/", false)).toBe(
      "The address must start with https:// (plain http is refused)."
    )
  })
})
