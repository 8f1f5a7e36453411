import type { FailedTargetKind, FailureKind, FailureWords } from "../../domain/message/failureKind.ts"
import type { MailT } from "./mailWords.ts"

// A failed send's sentence and next step in the reader's language (the admin's mail and phone text
// of a failed campaign): the catalogs' `failure` words, the browser app's translations of the
// domain's English (domain/message/failureKind.ts), so the mail says what the campaign page says.

const KEYS: Readonly<Record<FailureKind, { readonly sentence: string; readonly nextStep: string }>> = {
  session: { sentence: "failure.sessionSentence", nextStep: "failure.sessionNext" },
  group: { sentence: "failure.groupSentence", nextStep: "failure.groupNext" },
  refused: { sentence: "failure.refusedSentence", nextStep: "failure.refusedNext" },
  unreachable: { sentence: "failure.unreachableSentence", nextStep: "failure.unreachableNext" },
  noAnswer: { sentence: "failure.noAnswerSentence", nextStep: "failure.noAnswerNext" },
  missed: { sentence: "failure.missedSentence", nextStep: "failure.missedNext" },
  disabled: { sentence: "failure.disabledSentence", nextStep: "failure.disabledNext" },
  other: { sentence: "failure.otherSentence", nextStep: "failure.otherNext" }
}

/** Where a channel's failure reads differently from a group's (as failureKind.ts's channelFailureWords). */
const CHANNEL_KEYS: Readonly<Partial<Record<FailureKind, { readonly sentence: string; readonly nextStep: string }>>> = {
  group: { sentence: "failure.channelSentence", nextStep: "failure.channelNext" },
  noAnswer: { sentence: "failure.channelNoAnswerSentence", nextStep: "failure.channelNoAnswerNext" }
}

export const failureMailWords = (t: MailT, kind: FailureKind, target: FailedTargetKind): FailureWords => {
  const keys = (target === "channel" ? CHANNEL_KEYS[kind] : undefined) ?? KEYS[kind]
  return { sentence: t(keys.sentence), nextStep: t(keys.nextStep) }
}
