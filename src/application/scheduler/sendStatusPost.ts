import { Data, Effect } from "effect"
import { defaultStatusPost } from "../../domain/campaign/StatusPost.ts"
import { mediaFilename } from "../../domain/message/Media.ts"
import type { ClaimedMessage } from "../../domain/message/Message.ts"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { load } from "../eventSourcing/execute.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { MediaStore } from "../ports/MediaStore.ts"

/** The image of a Status is no longer stored (sendMessage's MediaMissing, for a Status). */
export class StatusImageMissing extends Data.TaggedError("StatusImageMissing")<{
  readonly mediaId: string
  readonly filename: string
}> {
  override get message() {
    return `the image ${this.filename} of this Status is no longer stored (media ${this.mediaId}); attach it again to a new message`
  }
}

/**
 * Posts a claimed message to the number's Status (docs/reach.md, "Plan for Herald (Status)"): a
 * text on the campaign's colour and font, or an image with the content as its caption, to the
 * Status target's chosen contacts or to all. The settings are read from the campaign's own stream
 * (the truth, not a view that may lag); a campaign whose Status target has none (it cannot be made
 * so, but an event log is read as it is) posts with WAHA's defaults to all contacts.
 */
export const sendStatusPost = Effect.fnUntraced(function* (message: ClaimedMessage, sessionName: string) {
  const campaign = yield* load(CampaignAggregate, message.target.campaignId)
  const post = campaign.targets.find((t) => t.groupId === message.target.groupId)?.statusPost ?? defaultStatusPost
  const gateway = yield* GatewayPort
  if (message.media !== null) {
    const stored = yield* (yield* MediaStore).read(message.media.id)
    if (stored === null) {
      return yield* new StatusImageMissing({ mediaId: message.media.id, filename: message.media.filename })
    }
    return yield* gateway.sendStatus({
      kind: "image",
      session: sessionName,
      mimetype: stored.media.mimetype,
      filename: mediaFilename(stored.media.filename, stored.media.mimetype),
      bytes: stored.bytes,
      caption: message.content,
      contacts: post.contacts
    })
  }
  return yield* gateway.sendStatus({
    kind: "text",
    session: sessionName,
    text: message.content,
    backgroundColor: post.backgroundColor,
    font: post.font,
    contacts: post.contacts
  })
})
