import * as z from "zod/mini"

/**
 * Settings the server hands the app at run time (not baked in at build time): the web process
 * writes them into index.html as `<meta name="herald-config" content="{json}">`
 * (src/interfaces/web/browserApp.ts).
 */
const RuntimeConfig = z.object({ showFooter: z.boolean() })
export type RuntimeConfig = z.infer<typeof RuntimeConfig>

const DEFAULTS: RuntimeConfig = { showFooter: true }

export const readRuntimeConfig = (doc: Document): RuntimeConfig => {
  const raw = doc.querySelector('meta[name="herald-config"]')?.getAttribute("content")
  if (raw == null) return DEFAULTS
  try {
    const parsed = RuntimeConfig.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : DEFAULTS
  } catch {
    return DEFAULTS
  }
}
