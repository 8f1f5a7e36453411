import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

/** The browser app's build: `npm run build` writes dist/browser, which the web process serves (docs/browser-app.md). */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("../../../dist/browser", import.meta.url)),
    emptyOutDir: true,
    // the Content-Security-Policy allows no inline script: Vite's modulepreload polyfill would be one
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false
  }
})
