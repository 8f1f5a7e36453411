/**
 * What a copy of a campaign takes (campaign.duplicate and the browser's copy form): its messages
 * as a plan again. Left out: messages the user deleted (cancelled ones stay: duplicating a
 * cancelled campaign is how it is planned again) and resends (their original is copied already).
 *
 * A campaign to several groups holds one copy of each message per group (docs/architecture.md
 * "Several groups per campaign"); a plan holds each message once and the groups apart. So copies
 * alike in everything but their group are one message of the plan. A copy edited for one group
 * only differs from its siblings and becomes a message of its own, sent to every group of the new
 * campaign: nothing the user wrote is dropped, and the form shows every row before it is saved.
 */
export interface CopiedMessage {
  readonly content: string
  readonly scheduledAt: number
  readonly status: string
  readonly resendOf: string | null
  readonly mentionAll: boolean
  readonly poll: { readonly options: ReadonlyArray<string>; readonly multipleAnswers: boolean } | null
  readonly media: { readonly id: string } | null
}

const sameness = (m: CopiedMessage): string =>
  JSON.stringify([m.content, m.scheduledAt, m.mentionAll, m.poll, m.media?.id ?? null])

/** The plan of a copy: each message once, in time order (ties keep the campaign's order). */
export const copyPlan = <M extends CopiedMessage>(messages: ReadonlyArray<M>): Array<M> => {
  const seen = new Set<string>()
  const plan: Array<M> = []
  for (const m of messages) {
    if (m.status === "DELETED" || m.resendOf !== null) continue
    const key = sameness(m)
    if (seen.has(key)) continue
    seen.add(key)
    plan.push(m)
  }
  return plan.sort((a, b) => a.scheduledAt - b.scheduledAt)
}
