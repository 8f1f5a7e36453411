import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { formatDateTime } from "./format.ts"
import type { StatusTone } from "./sessionStatus.ts"
import { BADGE_POLL_MS, describeStatus } from "./sessionStatus.ts"
import { useMessagingSession, useSessionLimit, useSessionStatus } from "./whatsappQueries.ts"

const DOT: Readonly<Record<StatusTone | "none", string>> = {
  good: "bg-green-600",
  waiting: "bg-amber-500",
  bad: "bg-red-600",
  unknown: "bg-slate-500",
  none: "bg-slate-400"
}

/** "WhatsApp: connected / scan QR / not connected / …" in the header, linking to the WhatsApp page. */
export const SessionStatusBadge = () => {
  const { t } = useTranslation()
  const session = useMessagingSession()
  const sessionName = session.data?.session?.sessionName ?? null
  const status = useSessionStatus(sessionName, () => BADGE_POLL_MS)
  // connected, but WhatsApp limits the number: Herald holds its sends, which "connected" would hide
  const limit = useSessionLimit(sessionName)
  const heldUntil = limit.data?.held === true ? limit.data.until : null
  const [text, tone]: readonly [string, StatusTone | "none"] = session.isPending
    ? ["…", "none"]
    : session.isError
      ? [t("session.unavailable"), "unknown"]
      : sessionName === null
        ? [t("session.notConnected"), "none"]
        : status.isError
          ? [t("session.unavailable"), "unknown"]
          : status.data !== undefined && status.data.status === "WORKING" && heldUntil !== null
            ? [t("session.pausedUntil", { when: formatDateTime(heldUntil) }), "waiting"]
            : status.data !== undefined
              ? [describeStatus(status.data.status).short, describeStatus(status.data.status).tone]
              : ["…", "none"]
  return (
    <Link
      href="/whatsapp"
      className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-900 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      data-testid="whatsapp-badge"
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${DOT[tone]}`} />
      <span>{t("session.badge", { status: text })}</span>
    </Link>
  )
}
