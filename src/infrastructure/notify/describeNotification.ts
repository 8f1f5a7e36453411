import type { Notification } from "../../application/ports/Notifier.ts"

/** One log line per notification, without secrets (a reset link is a secret: only its recipient is named). */
export const describeNotification = (n: Notification): string => {
  switch (n.kind) {
    case "NewRegistration":
      return `new registration: ${n.name} <${n.email}>${n.pending ? " (waiting for approval)" : ""}`
    case "PasswordResetRequested":
      return `password reset requested for ${n.email}`
    case "PasswordResetLink":
      return `password reset link for ${n.to} (not shown)`
    case "EmailVerificationLink":
      return `e-mail verification link for ${n.to} (not shown)`
    case "SignUpAttempted":
      return `sign-up attempted with the registered address ${n.to}`
    case "CampaignFailed":
      return `campaign ${n.title} (${n.campaignId}) failed: ${n.reason}`
    case "SystemAlert":
      return `system alert: ${n.text}`
  }
}
