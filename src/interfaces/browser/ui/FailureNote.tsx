import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { FailedTargetKind, FailureKind } from "../../../domain/message/failureKind.ts"
import { actionFailureText, sendFailureText } from "./failureText.ts"
import { linkLook } from "./kit.tsx"

/** Kinds whose next step is on the WhatsApp page (connect again; pacing) */
const WHATSAPP_PAGE_HELPS: ReadonlySet<FailureKind> = new Set<FailureKind>(["session", "refused"])

/**
 * A failure in plain words (issue 22 item 1): what happened and what to do next, from its kind;
 * the technical detail (the stored reason, the gateway's words, an error id) behind a native
 * "Details" disclosure, for whoever helps the user (and for the operator's log).
 */
export const FailureNote = ({
  kind,
  on = "send",
  detail,
  lead,
  after,
  target = "group"
}: {
  readonly kind: FailureKind
  /** what the send went to: a group's and a channel's failures read differently */
  readonly target?: FailedTargetKind
  /** a message's send (the campaign page), or a request on the WhatsApp page */
  readonly on?: "send" | "action"
  /** the stored reason (or the server's message with its error id); no disclosure when absent */
  readonly detail?: string | undefined
  /** words before the sentence, e.g. "This campaign failed." */
  readonly lead?: ReactNode
  /** words after the next step (what else the page offers) */
  readonly after?: ReactNode
}) => {
  const { t } = useTranslation()
  const words = on === "send" ? sendFailureText(kind, target) : actionFailureText(kind)
  return (
    <div>
      <p>
        {lead}
        {lead === undefined ? null : " "}
        {words.sentence}
      </p>
      <p className="mt-1">
        <strong className="font-semibold">{t("failure.whatToDo")}</strong> {words.nextStep}
        {on === "send" && WHATSAPP_PAGE_HELPS.has(kind) ? (
          <>
            {" "}
            <Link href="/whatsapp" className={linkLook}>
              {t("failure.openWhatsApp")}
            </Link>
          </>
        ) : null}
      </p>
      {after === undefined ? null : <p className="mt-1">{after}</p>}
      {detail === undefined || detail === "" ? null : <TechnicalDetails detail={detail} />}
    </div>
  )
}

/** The technical detail behind a native disclosure, closed at first (keyboard: Enter or Space on "Details"). */
export const TechnicalDetails = ({ detail }: { readonly detail: string }) => {
  const { t } = useTranslation()
  return (
    <details className="mt-2">
      <summary className="cursor-pointer select-none font-medium underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700">
        {t("failure.details")}
      </summary>
      <p className="mt-1 whitespace-pre-wrap break-words font-mono text-xs">{detail}</p>
    </details>
  )
}
