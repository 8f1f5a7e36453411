import { Data } from "effect"

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
 * The plan itself is wrong (past times, too many messages, a bad recurrence): BAD_REQUEST.
 * `field` is the input's path it concerns, where one does (`recurrence.endDate`,
 * `messages.3.scheduledAt`): the web API hands it over as a field issue, like invalid input.
 */
export class InvalidCampaign extends Data.TaggedError("InvalidCampaign")<{
  readonly message: string
  readonly field?: string | undefined
}> {}

/** Too late to change: the scheduler already picked the message, or it is finished. CONFLICT. */
export class CampaignConflict extends Data.TaggedError("CampaignConflict")<{ readonly message: string }> {}

/**
 * The user's open campaigns or pending messages would go over their limit (CampaignQuota):
 * PRECONDITION_FAILED, as the same request succeeds once a campaign is cancelled or sent.
 */
export class CampaignQuotaExceeded extends Data.TaggedError("CampaignQuotaExceeded")<{ readonly message: string }> {}
