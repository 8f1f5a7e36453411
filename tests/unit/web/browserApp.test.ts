import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { CONTENT_SECURITY_POLICY, loadBrowserApp, serveBrowserApp } from "../../../src/interfaces/web/browserApp.ts"

const fakeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), "herald-app-"))
  mkdirSync(join(dir, "assets"))
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>`
  )
  writeFileSync(join(dir, "assets", "index-abc.js"), "console.log(1)")
  writeFileSync(join(dir, "assets", "index-abc.css"), "body{}")
  return dir
}

const appWith = (dir: string, showFooter: boolean) => {
  const app = new Hono()
  app.get("/api/thing", (c) => c.json({ ok: true }))
  serveBrowserApp(app, loadBrowserApp(dir), { showFooter })
  return app
}

describe("serving the browser app", () => {
  it("answers the app's own routes with index.html, its run-time settings and the CSP, never cached", async () => {
    const app = appWith(fakeBuild(), false)
    for (const path of ["/", "/campaigns/abc", "/reset-password?token=x"]) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toContain("text/html")
      expect(res.headers.get("cache-control")).toBe("no-cache")
      expect(res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY)
      const html = await res.text()
      expect(html).toContain(`<meta name="herald-config" content="{&quot;showFooter&quot;:false}" />`)
      expect(html).toContain(`src="/assets/index-abc.js"`)
    }
    const shown = await appWith(fakeBuild(), true).request("/")
    expect(await shown.text()).toContain("{&quot;showFooter&quot;:true}")
  })

  it("serves hashed assets with their type and a year-long immutable cache; an unknown asset is 404, not the page", async () => {
    const app = appWith(fakeBuild(), true)
    const js = await app.request("/assets/index-abc.js")
    expect(js.status).toBe(200)
    expect(js.headers.get("content-type")).toContain("text/javascript")
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(await js.text()).toBe("console.log(1)")
    expect((await app.request("/assets/index-abc.css")).headers.get("content-type")).toContain("text/css")
    expect((await app.request("/assets/missing.js")).status).toBe(404)
  })

  it("leaves /api to the API: an unknown API path is a 404, not the app", async () => {
    const app = appWith(fakeBuild(), true)
    expect(await (await app.request("/api/thing")).json()).toEqual({ ok: true })
    expect((await app.request("/api/nothing")).status).toBe(404)
  })

  it("without a build, says how to build it (503) instead of a blank page", async () => {
    const app = appWith(mkdtempSync(join(tmpdir(), "herald-nobuild-")), true)
    const res = await app.request("/")
    expect(res.status).toBe(503)
    expect(await res.text()).toContain("npm run build")
  })
})
