// A failure's sentence and next step in the language on screen: the browser's words for the
// kinds of src/domain/message/failureKind.ts (whose English the server's mails and webhooks use).

import i18next from "i18next"
import type { FailedTargetKind, FailureKind, FailureWords } from "../../../domain/message/failureKind.ts"

/**
 * What happened to a message's send to a group or to a channel, and what to do next. A channel's
 * reads differently where the domain's channelFailureWords say so (posting needs an owner or admin,
 * "check the group" is "check the channel").
 */
export const sendFailureText = (kind: FailureKind, target: FailedTargetKind = "group"): FailureWords => {
  if (target === "channel" && kind === "group")
    return { sentence: i18next.t("failure.send.channelSentence"), nextStep: i18next.t("failure.send.channelNext") }
  if (target === "channel" && kind === "noAnswer")
    return {
      sentence: i18next.t("failure.send.channelNoAnswerSentence"),
      nextStep: i18next.t("failure.send.channelNoAnswerNext")
    }
  switch (kind) {
    case "session":
      return { sentence: i18next.t("failure.send.sessionSentence"), nextStep: i18next.t("failure.send.sessionNext") }
    case "group":
      return { sentence: i18next.t("failure.send.groupSentence"), nextStep: i18next.t("failure.send.groupNext") }
    case "refused":
      return { sentence: i18next.t("failure.send.refusedSentence"), nextStep: i18next.t("failure.send.refusedNext") }
    case "unreachable":
      return {
        sentence: i18next.t("failure.send.unreachableSentence"),
        nextStep: i18next.t("failure.send.unreachableNext")
      }
    case "noAnswer":
      return { sentence: i18next.t("failure.send.noAnswerSentence"), nextStep: i18next.t("failure.send.noAnswerNext") }
    case "missed":
      return { sentence: i18next.t("failure.send.missedSentence"), nextStep: i18next.t("failure.send.missedNext") }
    case "disabled":
      return { sentence: i18next.t("failure.send.disabledSentence"), nextStep: i18next.t("failure.send.disabledNext") }
    case "other":
      return { sentence: i18next.t("failure.send.otherSentence"), nextStep: i18next.t("failure.send.otherNext") }
  }
}

/** What happened to a request on the WhatsApp page, and what to do next. */
export const actionFailureText = (kind: FailureKind): FailureWords => {
  switch (kind) {
    case "session":
      return {
        sentence: i18next.t("failure.action.sessionSentence"),
        nextStep: i18next.t("failure.action.sessionNext")
      }
    case "group":
      return { sentence: i18next.t("failure.action.groupSentence"), nextStep: i18next.t("failure.action.groupNext") }
    case "refused":
      return {
        sentence: i18next.t("failure.action.refusedSentence"),
        nextStep: i18next.t("failure.action.refusedNext")
      }
    case "unreachable":
      return {
        sentence: i18next.t("failure.action.unreachableSentence"),
        nextStep: i18next.t("failure.action.unreachableNext")
      }
    case "noAnswer":
      return {
        sentence: i18next.t("failure.action.noAnswerSentence"),
        nextStep: i18next.t("failure.action.noAnswerNext")
      }
    case "missed":
      return { sentence: i18next.t("failure.action.missedSentence"), nextStep: i18next.t("failure.action.missedNext") }
    case "disabled":
      return {
        sentence: i18next.t("failure.action.disabledSentence"),
        nextStep: i18next.t("failure.action.disabledNext")
      }
    case "other":
      return { sentence: i18next.t("failure.action.otherSentence"), nextStep: i18next.t("failure.action.otherNext") }
  }
}
