import { stalledSchedulerLogLine } from "../../application/campaign/detectStalledScheduler.ts"
import type { Notification } from "../../application/ports/Notifier.ts"
import { oneLine } from "../../application/text/oneLine.ts"

/**
 * One log line per notification, in English (a log is for operators, whatever language the mail
 * is in), without secrets (a reset link is a secret: only its recipient is
 * named). Names, titles and reasons come from users or the gateway: escaped, so they stay on this line.
 */
export const describeNotification = (n: Notification): string => {
  switch (n.kind) {
    case "NewRegistration":
      return `new registration: ${oneLine(n.name)} <${oneLine(n.email)}>${n.pending ? " (waiting for approval)" : ""}`
    case "AccountApproved":
      return `account ${n.again ? "enabled again" : "approved"}: told ${oneLine(n.to)}`
    case "AccountRejected":
      return `account request declined: told ${oneLine(n.to)}`
    case "PasswordResetRequested":
      return `password reset requested for ${oneLine(n.email)}`
    case "PasswordResetLink":
      return `password reset link for ${oneLine(n.to)} (not shown)`
    case "EmailVerificationLink":
      return `e-mail verification link for ${oneLine(n.to)} (not shown)`
    case "SignUpAttempted":
      return `sign-up attempted with the registered address ${oneLine(n.to)}`
    case "SessionLeftWorking":
      return `session ${oneLine(n.sessionName)} left WORKING (${oneLine(n.status)}): told ${oneLine(n.to)}, ${n.dueSoon.length} message(s) due in 24 h`
    case "SessionLimited":
      return `session ${oneLine(n.sessionName)} held, WhatsApp limits its number until ${new Date(n.until).toISOString()}: told ${oneLine(n.to)}`
    case "CampaignFailed":
      return `campaign ${oneLine(n.title)} (${oneLine(n.campaignId)}) failed: ${oneLine(n.reason)}`
    case "SystemAlert":
      return `system alert: ${oneLine(n.text)}`
    case "SchedulerStalled":
      return `system alert: ${stalledSchedulerLogLine(n)}`
  }
}
