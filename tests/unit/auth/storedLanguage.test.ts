import { describe, expect, it } from "vitest"
import { UserEventSchema } from "../../../src/application/eventSourcing/codecs.ts"
import { UserViewSchema } from "../../../src/application/ports/UserRepository.ts"

// An account's language as every store hands it back (each decodes its users with UserViewSchema)
// and as the user's stream replays it: one of the four, or null (the browser's); a tag stored some
// other way or by another version reads as the nearest language Herald is written in, else English.

const view = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  role: "USER",
  status: "ACTIVE",
  createdAt: 1,
  updatedAt: 2,
  version: 3
}

describe("a stored language", () => {
  it.each([
    ["de", "de"],
    ["pt-BR", "pt-BR"],
    ["pt", "pt-BR"],
    ["es-MX", "es"],
    ["fr", "en"],
    ["", "en"],
    [null, null]
  ])("%j in a user view reads as %j", (stored, read) => {
    expect(UserViewSchema.parse({ ...view, language: stored }).language).toBe(read)
  })

  it("a view stored before languages existed has none: the browser's", () => {
    expect(UserViewSchema.parse(view).language).toBeNull()
  })

  it("a UserLanguageChosen event of a language this version does not know replays as English, not as a broken stream", () => {
    expect(UserEventSchema.parse({ type: "UserLanguageChosen", language: "fr", at: 5 })).toEqual({
      type: "UserLanguageChosen",
      language: "en",
      at: 5
    })
  })
})
