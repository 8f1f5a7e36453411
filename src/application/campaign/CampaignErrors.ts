import { Data } from "effect"
import type { RefusalParams } from "../refusal.ts"

/** Not there, or not the caller's: the same answer either way. */
export class CampaignNotFound extends Data.TaggedError("CampaignNotFound")<{}> {
  override get message() {
    return "campaign not found"
  }
}

export class CampaignMessageNotFound extends Data.TaggedError("CampaignMessageNotFound")<{}> {
  override get message() {
    return "message not found in this campaign"
  }
}

/** An upload that is not there, or not the caller's: the same answer either way (NOT_FOUND). */
export class MediaNotFound extends Data.TaggedError("MediaNotFound")<{ readonly field?: string | undefined }> {
  override get message() {
    return "image or file not found: upload it again"
  }
}

/**
 * What an InvalidCampaign refuses, as a stable code: the web API words it in the reader's language
 * from the code and `params` (interfaces/web/refusalWords.ts); `message` stays the English sentence
 * for the log and API callers. A refusal without a code is worded as `message` in every language.
 */
export const INVALID_CAMPAIGN_CODES = [
  "pastTime",
  "allPast",
  "allPastNoLast",
  "futurePastTime",
  "copyPastTime",
  "unknownTimeZone",
  "emptyContent",
  "tooLong",
  "tooManyMessages",
  "tooManyCopies",
  "noMessages",
  "noTargets",
  "duplicateTarget",
  "groupIdRequired",
  "targetsOrGroup",
  "targetsAndGroup",
  "messagesOrRecurrence",
  "invalidDate",
  "invalidSendTime",
  "endBeforeStart",
  "emptyTemplate",
  "recurrenceTooLong",
  "pollMentionOwn",
  "pollMentionCampaign",
  "pollMention",
  "pollWithMedia",
  "notAPoll",
  "channelMention",
  "channelFile",
  "channelNotListed",
  "channelFollowed",
  "statusStyleMisplaced",
  "statusPoll",
  "statusFile",
  "statusMention",
  "nothingToCopy",
  "notRepeating",
  "nothingToChange",
  "partsDiffer",
  "noFutureMessage",
  "engineCannot",
  "engineUnnamed",
  "versionTooOld",
  "mediaVersionTooOld",
  "pollOptionCount",
  "pollOptionEmpty",
  "pollOptionTooLong",
  "pollOptionTwice",
  "statusColour",
  "statusFont",
  "statusNoContacts",
  "statusTooManyContacts",
  "statusNotContact",
  "statusContactTwice",
  "statusAllContactsOnly",
  "pacedTooMany",
  "pacedTooManyGroups",
  "copyMessage",
  "planNotTaken"
] as const
export type InvalidCampaignCode = (typeof INVALID_CAMPAIGN_CODES)[number]

/**
 * The plan itself is wrong (past times, too many messages, a bad recurrence): BAD_REQUEST.
 * `field` is the input's path it concerns, where one does (`recurrence.endDate`,
 * `messages.3.scheduledAt`): the web API hands it over as a field issue, like invalid input.
 */
export class InvalidCampaign extends Data.TaggedError("InvalidCampaign")<{
  readonly message: string
  readonly field?: string | undefined
  readonly code: InvalidCampaignCode
  readonly params?: RefusalParams | undefined
}> {}

/** What a CampaignConflict says, as a stable code (as INVALID_CAMPAIGN_CODES). */
export const CAMPAIGN_CONFLICT_CODES = [
  "alreadyCompleted",
  "alreadyCancelled",
  "messageLocked",
  "messageNotDeletable",
  "finished",
  "cancelled",
  "failedNoPause",
  "failedNoResume",
  "noMessagesYet",
  "alreadyPaused",
  "notPaused",
  "cannotPause",
  "cannotResume",
  "notResendable",
  "alreadyResent",
  "resendWhilePaused",
  "nothingToResend",
  "changedMeanwhile",
  "campaignChangedMeanwhile",
  "resendFailed",
  "nothingLeftToChange",
  "cannotCancel",
  "imageGone",
  "fileGone"
] as const
export type CampaignConflictCode = (typeof CAMPAIGN_CONFLICT_CODES)[number]

/** Too late to change: the scheduler already picked the message, or it is finished. CONFLICT. */
export class CampaignConflict extends Data.TaggedError("CampaignConflict")<{
  readonly message: string
  readonly code: CampaignConflictCode
  readonly params?: RefusalParams | undefined
}> {}

/**
 * The user's open campaigns or pending messages would go over their limit (CampaignQuota):
 * PRECONDITION_FAILED, as the same request succeeds once a campaign is cancelled or sent.
 */
export class CampaignQuotaExceeded extends Data.TaggedError("CampaignQuotaExceeded")<{
  readonly message: string
  /** which limit: open campaigns, pending messages, or both */
  readonly code: "campaigns" | "messages" | "both"
  readonly params?: RefusalParams | undefined
}> {}
