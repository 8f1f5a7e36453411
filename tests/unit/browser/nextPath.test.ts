import { describe, expect, it } from "vitest"
import { safeNextPath } from "../../../src/interfaces/browser/nextPath.ts"

const ORIGIN = "http://localhost:8080"

describe("where sign-in leads (the next parameter)", () => {
  it("keeps a path of the app with its query and fragment", () => {
    expect(safeNextPath("/campaigns/abc", ORIGIN)).toBe("/campaigns/abc")
    expect(safeNextPath("/campaigns/new?x=1#top", ORIGIN)).toBe("/campaigns/new?x=1#top")
  })

  it("refuses anything that would leave the app: other origins, protocol-relative, backslash and control-character tricks", () => {
    for (const next of [
      null,
      "",
      "campaigns",
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      // same origin once resolved, but the path reads as protocol-relative: //evil.example/x
      "/.//evil.example/x",
      "/./\\evil.example/x",
      "/a/..//evil.example/x",
      "/%2e//evil.example/x"
    ]) {
      expect(safeNextPath(next, ORIGIN), String(next)).toBe("/campaigns")
    }
  })
})
