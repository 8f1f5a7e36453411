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
  /** the group of this copy */
  readonly groupId: string
}

const sameness = (m: CopiedMessage): string =>
  JSON.stringify([m.content, m.scheduledAt, m.mentionAll, m.poll, m.media?.id ?? null])

/**
 * The plan of a copy, in time order (ties keep the campaign's order): each message as many times
 * as the group holding it most often has it (a message planned twice stays twice).
 */
export const copyPlan = <M extends CopiedMessage>(messages: ReadonlyArray<M>): Array<M> => {
  /** how often each group holds each message, and how often the plan holds it */
  const inGroup = new Map<string, number>()
  const inPlan = new Map<string, number>()
  const plan: Array<M> = []
  for (const m of messages) {
    if (m.status === "DELETED" || m.resendOf !== null) continue
    const key = sameness(m)
    const held = (inGroup.get(`${m.groupId} ${key}`) ?? 0) + 1
    inGroup.set(`${m.groupId} ${key}`, held)
    if (held <= (inPlan.get(key) ?? 0)) continue
    inPlan.set(key, held)
    plan.push(m)
  }
  return plan.sort((a, b) => a.scheduledAt - b.scheduledAt)
}
