import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import { actionFailureWords, FAILURE_KINDS, failureWordsFor } from "../../../src/domain/message/failureKind.ts"
import { actionFailureText, sendFailureText } from "../../../src/interfaces/browser/ui/failureText.ts"

// The browser says a failure in the language on screen; in English it must say what the server's
// mails and webhooks say (failureKind.ts), a channel's failures in the channel's words included.
describe("the browser's failure words, in English", () => {
  it("match the domain's for every kind, to a group and to a channel", () => {
    for (const kind of FAILURE_KINDS) {
      expect(sendFailureText(kind)).toEqual(failureWordsFor(kind, "group"))
      expect(sendFailureText(kind, "channel")).toEqual(failureWordsFor(kind, "channel"))
      expect(actionFailureText(kind)).toEqual(actionFailureWords[kind])
    }
  })

  it("a channel's refusal speaks of its owner or admin, not of a member of a group", () => {
    expect(sendFailureText("group", "channel").sentence).toMatch(/owner or admin of the channel/)
    expect(sendFailureText("noAnswer", "channel").nextStep).toMatch(/^Check the channel first/)
    expect(sendFailureText("group").sentence).toMatch(/deliver to the group/)
  })
})
