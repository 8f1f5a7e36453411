import type { Notification } from "../../application/ports/Notifier.ts"
import { oneLine } from "../../application/text/oneLine.ts"

/**
 * The notification with every value that a mail or a messaging text puts on one line of its own
 * (names, addresses, titles, ids, reasons: from users or the gateway) escaped with oneLine, so a
 * value holding a line break cannot add a line ("Status: active") to what the admin reads. Done
 * once here, before any template sees the values. A SystemAlert's text is Herald's own and may span
 * lines; a reset link is Herald's own; `to` is the address the mail goes to, not text in it.
 */
export const oneLineValues = (n: Notification): Notification => {
  switch (n.kind) {
    case "NewRegistration":
      return { ...n, name: oneLine(n.name), email: oneLine(n.email) }
    case "PasswordResetRequested":
      return { ...n, email: oneLine(n.email) }
    case "AccountApproved":
    case "AccountRejected":
      return { ...n, name: oneLine(n.name) }
    case "CampaignFailed":
      return {
        ...n,
        campaignId: oneLine(n.campaignId),
        title: oneLine(n.title),
        madeUpTitle:
          n.madeUpTitle === null || n.madeUpTitle === undefined
            ? null
            : {
                ...n.madeUpTitle,
                first: { ...n.madeUpTitle.first, groupName: oneLine(n.madeUpTitle.first.groupName) }
              },
        reason: oneLine(n.reason)
      }
    case "SessionLeftWorking":
      return {
        ...n,
        sessionName: oneLine(n.sessionName),
        status: oneLine(n.status),
        dueSoon: n.dueSoon.map((m) => ({ ...m, groupName: oneLine(m.groupName), content: oneLine(m.content) }))
      }
    case "SessionLimited":
      return { ...n, sessionName: oneLine(n.sessionName) }
    case "SchedulerStalled":
      return { ...n, messageId: oneLine(n.messageId) }
    case "PasswordResetLink":
    case "EmailVerificationLink":
    case "SignUpAttempted":
    case "SystemAlert":
      return n
  }
}
