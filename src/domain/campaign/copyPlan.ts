import { STATUS_TARGET_ID } from "./StatusPost.ts"

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
  const kept = messages.filter((m) => m.status !== "DELETED" && m.resendOf === null)
  // the groups' copies first: a Status copy (never mentioning everyone) is the same message as a
  // group's copy edited to mention everyone, not one of its own
  const status = (m: M) => m.groupId === STATUS_TARGET_ID
  for (const m of [...kept.filter((m) => !status(m)), ...kept.filter(status)]) {
    const key = sameness(m)
    const held = (inGroup.get(`${m.groupId} ${key}`) ?? 0) + 1
    inGroup.set(`${m.groupId} ${key}`, held)
    if (held <= (inPlan.get(key) ?? 0)) continue
    if (status(m) && held <= (inPlan.get(sameness({ ...m, mentionAll: true })) ?? 0)) continue
    inPlan.set(key, held)
    plan.push(m)
  }
  // in time order; ties keep the campaign's order
  const order = new Map(messages.map((m, i) => [m, i]))
  return plan.sort((a, b) => a.scheduledAt - b.scheduledAt || (order.get(a) ?? 0) - (order.get(b) ?? 0))
}
