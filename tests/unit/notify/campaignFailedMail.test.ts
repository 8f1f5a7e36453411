import { describe, expect, it } from "vitest"
import { failureWords, failureWordsFor } from "../../../src/domain/message/failureKind.ts"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

// The admin's notice of a failed campaign (issue 22 item 1): plain words first, the stored reason under Details.
describe("the failed-campaign mail", () => {
  it("names the group of a several-group campaign, says what happened in plain words, and keeps the reason below", () => {
    const reason = `group Club B: failed to send message: gateway answered 400: {"statusCode":400,"message":"Chat not found"}`
    const mail = composeMail(
      { kind: "CampaignFailed", campaignId: "cmp_9", title: "Club A and 2 more", reason },
      "admin@example.org"
    )
    expect(mail.text.split("\n")).toEqual([
      "A campaign failed.",
      "",
      "Campaign: Club A and 2 more",
      "Group: Club B",
      `What happened: ${failureWords.group.sentence}`,
      `What to do: ${failureWords.group.nextStep}`,
      "",
      "Details",
      `Reason: ${reason}`,
      "Id: cmp_9"
    ])
    // the words above the details hold no JSON, status code or gateway
    const plain = mail.text.slice(0, mail.text.indexOf("Details"))
    expect(plain).not.toMatch(/[{}"]|\b400\b|gateway/)
  })

  it("words a made-up title in the reader's language (subject, body and the phone's text), a written one as written", () => {
    const madeUp = {
      kind: "CampaignFailed",
      campaignId: "cmp_9",
      title: "نادي القراءة and 2 more",
      madeUpTitle: { first: { groupId: "1@g.us", groupName: "نادي القراءة" }, more: 2 },
      reason: "missed"
    } as const
    const spanish = { language: "es", locale: null, timeZone: null } as const
    const mail = composeMail(madeUp, "admin@example.org", { adminReader: spanish })
    expect(mail.subject).toContain("Falló una campaña: نادي القراءة y 2 más")
    expect(mail.text).toContain("Campaña: نادي القراءة y 2 más")
    expect(mail.text).not.toContain("and 2 more")
    expect(messagingText(madeUp, spanish)).toContain("نادي القراءة y 2 más (cmp_9)")
    // someone wrote it: as written, whatever it reads like
    const written = composeMail({ ...madeUp, madeUpTitle: null }, "admin@example.org", { adminReader: spanish })
    expect(written.text).toContain("Campaña: نادي القراءة and 2 more")
  })

  it("names a channel as a channel, with a channel's advice", () => {
    const reason = "channel Club news: failed to send message: gateway answered 400: forbidden"
    const mail = composeMail(
      { kind: "CampaignFailed", campaignId: "cmp_9", title: "Club news", reason },
      "admin@example.org"
    )
    const lines = mail.text.split("\n")
    expect(lines.slice(2, 6)).toEqual([
      "Campaign: Club news",
      "Channel: Club news",
      `What happened: ${failureWordsFor("group", "channel").sentence}`,
      `What to do: ${failureWordsFor("group", "channel").nextStep}`
    ])
    expect(mail.text).toMatch(/no longer an owner or admin of the channel, or the channel is gone/)
    expect(mail.text).not.toMatch(/Group:|member of the group/)
    expect(messagingText({ kind: "CampaignFailed", campaignId: "c", title: "T", reason })).toContain(
      failureWordsFor("group", "channel").sentence
    )
  })

  it("a missed message and an unknown outcome read as the campaign page says them", () => {
    const missed = composeMail({ kind: "CampaignFailed", campaignId: "c", title: "T", reason: "missed" }, "a@b.c")
    expect(missed.text).toContain(`What happened: ${failureWords.missed.sentence}`)
    const unknown = messagingText({
      kind: "CampaignFailed",
      campaignId: "c",
      title: "T",
      reason: "failed to send message: timed out after 30000 ms; outcome unknown: the gateway may still have sent it"
    })
    expect(unknown).toContain(failureWords.noAnswer.sentence)
    expect(unknown).toContain(`What to do: ${failureWords.noAnswer.nextStep}`)
  })
})
