import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"
import type { Hono } from "hono"
import { getMimeType } from "hono/utils/mime"

/** Where `npm run build` (tools/buildBrowserApp.ts) writes the browser app. */
export const DEFAULT_BROWSER_APP_DIR = fileURLToPath(new URL("../../../dist/browser", import.meta.url))

/**
 * Only the app's own files: no inline script or style, no other origin. `data:` images are the
 * QR codes the gateway hands over as base64 PNG.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'"
].join("; ")

interface Asset {
  readonly body: Uint8Array<ArrayBuffer>
  readonly type: string
}

/** The built app, read once at start (a few hundred KB): index.html and the hashed assets. */
export interface BrowserApp {
  readonly indexHtml: string | null
  readonly assets: ReadonlyMap<string, Asset>
}

export const loadBrowserApp = (dir: string = DEFAULT_BROWSER_APP_DIR): BrowserApp => {
  const index = join(dir, "index.html")
  if (!existsSync(index)) return { indexHtml: null, assets: new Map() }
  const assetsDir = join(dir, "assets")
  const assets = new Map<string, Asset>()
  if (existsSync(assetsDir)) {
    for (const entry of readdirSync(assetsDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const file = join(entry.parentPath, entry.name)
      const path = `/assets/${relative(assetsDir, file).split(sep).join("/")}`
      assets.set(path, {
        body: new Uint8Array(readFileSync(file)),
        type: getMimeType(entry.name) ?? "application/octet-stream"
      })
    }
  }
  return { indexHtml: readFileSync(index, "utf8"), assets }
}

const escapeAttribute = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** Settings read by the server and handed to the app at run time (src/interfaces/browser/runtimeConfig.ts). */
export interface BrowserRuntimeConfig {
  readonly showFooter: boolean
}

const withRuntimeConfig = (html: string, config: BrowserRuntimeConfig): string =>
  // a function, not a string: `$&` or `$'` in a setting must not be read as replacement patterns
  // (the app's module script runs after the whole document is parsed, so the end of <head> is early enough)
  html.replace(
    "</head>",
    () => `  <meta name="herald-config" content="${escapeAttribute(JSON.stringify(config))}" />\n  </head>`
  )

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Herald</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Herald</h1>
<p>Herald is running, but its browser app has not been built. Run <code>npm run build</code> (or start
Herald with <code>npm start</code>, which builds it) and reload this page. The API is at <code>/api/trpc</code>.</p>
</body></html>`

/**
 * Serves the app: hashed assets with a year-long cache, and index.html (never cached, so a new
 * build is picked up) for every other GET that is not the API: the app's router reads the path.
 */
export const serveBrowserApp = (app: Hono, browserApp: BrowserApp, config: BrowserRuntimeConfig): void => {
  const page = browserApp.indexHtml === null ? NOT_BUILT : withRuntimeConfig(browserApp.indexHtml, config)
  app.get("/assets/*", (c) => {
    const asset = browserApp.assets.get(c.req.path)
    if (asset === undefined) return c.text("not found", 404)
    return c.body(asset.body, 200, {
      "Content-Type": asset.type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": CONTENT_SECURITY_POLICY
    })
  })
  app.get("*", (c, next) => {
    if (c.req.path.startsWith("/api/")) return next()
    return c.html(page, browserApp.indexHtml === null ? 503 : 200, {
      "Cache-Control": "no-cache",
      "Content-Security-Policy": CONTENT_SECURITY_POLICY
    })
  })
}
