import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import {
  afterSignUp,
  hasProblems,
  MIN_PASSWORD_LENGTH,
  newPasswordProblems,
  sentence,
  signUpProblems,
  tokenFrom
} from "../../../src/interfaces/browser/accountForms.ts"

describe("the account forms' own checks", () => {
  it("a new password: long enough and typed the same twice", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8)
    expect(newPasswordProblems("correct horse", "correct horse")).toEqual({})
    expect(newPasswordProblems("short", "short")).toEqual({ password: "Use at least 8 characters (this one has 5)." })
    expect(newPasswordProblems("correct horse", "correct hors")).toEqual({
      repeat: "The two passwords differ: type the same one twice."
    })
    expect(newPasswordProblems("", "")).toEqual({
      password: "Choose a password.",
      repeat: "Type the new password again."
    })
    expect(hasProblems(newPasswordProblems("12345678", "12345678"))).toBe(false)
    expect(hasProblems(newPasswordProblems("12345678", "12345679"))).toBe(true)
  })

  it("sign-up: name, address and an 8-character password; the address's form is the server's to judge", () => {
    expect(signUpProblems({ name: "Ada", email: "not an address", password: "12345678" })).toEqual({})
    expect(signUpProblems({ name: "  ", email: "", password: "1234567" })).toEqual({
      name: "Tell us your name.",
      email: "Enter your e-mail address.",
      password: "Use at least 8 characters (this one has 7)."
    })
  })

  it("server messages read as sentences", () => {
    expect(sentence("wrong e-mail or password")).toBe("Wrong e-mail or password.")
    expect(sentence("internal error (error id 1a2b3c4d)")).toBe("Internal error (error id 1a2b3c4d)")
    expect(sentence("Done.")).toBe("Done.")
    expect(sentence("")).toBe("")
  })

  it("a sign-up leads to the mailbox, the waiting room or the app", () => {
    expect(afterSignUp({ user: null, verificationSent: true })).toBe("check-mailbox")
    expect(afterSignUp({ user: { status: "ACTIVE" }, verificationSent: false })).toBe("app")
    expect(afterSignUp({ user: { status: "PENDING" }, verificationSent: false })).toBe("pending")
  })

  it("a mailed link's token", () => {
    expect(tokenFrom("?token=abc.def")).toBe("abc.def")
    expect(tokenFrom("token=abc.def")).toBe("abc.def")
    expect(tokenFrom("")).toBeNull()
    expect(tokenFrom("?token=%20")).toBeNull()
  })
})
