import { memo, useEffect, useRef, useState } from "react"
import { isWithdrawnResend, MISSED_WHILE_LIMITED } from "../../../domain/message/Message.ts"
import type { CampaignMessage } from "../campaignView.ts"
import {
  deliveryWords,
  isChangeable,
  MISSED_EXPLANATION,
  MISSED_WHILE_LIMITED_EXPLANATION,
  messageStatusWords,
  outcomeUnknownExplanation,
  PAUSED_EXPLANATION,
  SKIPPED_EXPLANATION
} from "../campaignView.ts"
import { FailureNote, TechnicalDetails } from "../ui/FailureNote.tsx"
import { viewerTimeZone } from "../ui/format.ts"
import { Button, linkLook } from "../ui/kit.tsx"
import { announce } from "../ui/pageHeading.ts"
import { StatusPill } from "../ui/StatusPill.tsx"
import { CHANNEL_POST_RECEIPTS, isChannel } from "./channelWords.ts"
import { DeleteMessage } from "./DeleteMessage.tsx"
import { EditMessage } from "./EditMessage.tsx"
import { MediaView } from "./MediaAttach.tsx"
import { PollView } from "./PollView.tsx"
import { timeInZones } from "./planWords.ts"
import { ResendMessage } from "./ResendMessage.tsx"
import { WhatsAppText } from "./WhatsAppText.tsx"

/** Longer texts start folded to their first lines. */
const LONG_TEXT_CHARS = 280
const LONG_TEXT_LINES = 6
const isLong = (text: string) =>
  text.length > LONG_TEXT_CHARS || text.split("\n", LONG_TEXT_LINES + 1).length > LONG_TEXT_LINES

/** The row of a message, by id: where a "send again" link leads. */
const rowId = (messageId: string) => `message-${messageId}`
export const goToRow = (messageId: string) => {
  const row = document.getElementById(rowId(messageId))
  row?.scrollIntoView({ block: "center" })
  row?.focus()
}

/** A link-styled button to another row of the list (a message and its resend): its words are its name. */
const GoToRow = ({ label, messageId }: { readonly label: string; readonly messageId: string }) => (
  <button type="button" className={linkLook} onClick={() => goToRow(messageId)}>
    {label}
  </button>
)

export const MessageRow = memo(
  ({
    campaignId,
    message: m,
    timeZone,
    resendable,
    group,
    resend,
    original
  }: {
    readonly campaignId: string
    readonly message: CampaignMessage
    /** the campaign's zone, its times are shown in (the viewer's in brackets); null: the viewer's */
    readonly timeZone: string | null
    /** failed, missed, skipped or outcome unknown, and not sent again (or its resend was withdrawn) */
    readonly resendable: boolean
    /** the group this copy goes to, when the campaign has several */
    readonly group: string | undefined
    /** the message sending this one again, if any */
    readonly resend: CampaignMessage | undefined
    /** the message this one sends again, if it is a resend */
    readonly original: CampaignMessage | undefined
  }) => {
    const [mode, setMode] = useState<"view" | "edit" | "delete" | "resend">("view")
    const actions = useRef<HTMLDivElement>(null)
    const row = useRef<HTMLLIElement>(null)
    const returnFocus = useRef(false)
    const changeable = isChangeable(m)
    // an open form stays open (the text typed is not lost) and says why it can no longer be saved
    const shownMode =
      mode === "edit" ? "edit" : mode === "resend" ? (resendable ? "resend" : "view") : changeable ? mode : "view"
    const back = () => {
      returnFocus.current = true
      setMode("view")
    }
    // focus returns to the row's Edit button once the form or the question is gone
    useEffect(() => {
      if (mode !== "view" || !returnFocus.current) return
      returnFocus.current = false
      actions.current?.querySelector("button")?.focus()
    }, [mode])
    const state = messageStatusWords[m.status]
    const show = (iso: string) => timeInZones(iso, timeZone, viewerTimeZone)
    const when = show(m.scheduledAt)
    // the question's buttons were disabled while it ran, and are gone once the message is deleted
    // (or being sent): the focus goes to the row, and the outcome is said
    const deleted = (outcome: string | null) => {
      row.current?.focus()
      announce(outcome ?? `The message of ${when} is deleted: it will not be sent.`)
    }
    const gone = m.status === "DELETED" || m.status === "CANCELLED" || m.status === "SKIPPED"
    return (
      // content-visibility: rows off screen are neither laid out nor painted (a 1,000-message campaign opens at once)
      <li
        ref={row}
        id={rowId(m.id)}
        tabIndex={-1}
        className={`focus:outline-2 focus:outline-offset-2 focus:outline-sky-700 rounded-lg border bg-white p-4 shadow-sm [contain-intrinsic-size:auto_8rem] [content-visibility:auto] ${gone ? "border-slate-200 bg-slate-50" : "border-slate-200"}`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            <time dateTime={m.scheduledAt} className="font-medium text-slate-900">
              {when}
            </time>
            {group === undefined ? null : (
              <span className="ml-2 text-sm text-slate-700" data-testid="message-group">
                to {isChannel(m) ? "the channel " : ""}
                {group}
              </span>
            )}
          </p>
          <StatusPill label={state.label} tone={state.tone} prefix="State:" />
        </div>
        {shownMode === "edit" ? (
          <EditMessage
            campaignId={campaignId}
            message={m}
            timeZone={timeZone}
            stillChangeable={changeable}
            onDone={back}
          />
        ) : (
          <>
            <MessageText text={m.content} gone={gone} />
            {m.mentionAll ? <p className="mt-1 text-sm text-slate-700">Mentions everyone in the group.</p> : null}
            <PollView
              poll={m.poll}
              channel={isChannel(m)}
              {...(m.status === "SENT" ? { results: { campaignId, messageId: m.id, show } } : {})}
            />
            <MediaView media={m.media} />
            <MessageState message={m} show={show} />
            <ResendLinks resend={resend} original={original} show={show} />
            {shownMode === "resend" ? (
              <ResendMessage
                campaignId={campaignId}
                message={m}
                timeZone={timeZone}
                onKeep={back}
                onResent={(id) => {
                  setMode("view")
                  announce("The message is sent again as a new message: it is listed with its time.")
                  // the new row is there once the refresh is in
                  requestAnimationFrame(() => goToRow(id))
                }}
              />
            ) : resendable ? (
              <div ref={actions} className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  aria-label={`Send again the message of ${when}`}
                  onClick={() => setMode("resend")}
                >
                  Send again
                </Button>
              </div>
            ) : null}
            {changeable ? (
              shownMode === "delete" ? (
                <DeleteMessage campaignId={campaignId} messageId={m.id} onKeep={back} onDeleted={deleted} />
              ) : (
                <div ref={actions} className="mt-3 flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={`Edit the message of ${when}`}
                    onClick={() => setMode("edit")}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={`Delete the message of ${when}`}
                    onClick={() => setMode("delete")}
                  >
                    Delete
                  </Button>
                </div>
              )
            ) : null}
          </>
        )}
      </li>
    )
  }
)

/** "Send again", both ways: the first says it was sent again, the resend what it sends again. */
const ResendLinks = ({
  resend,
  original,
  show
}: {
  readonly resend: CampaignMessage | undefined
  readonly original: CampaignMessage | undefined
  readonly show: (iso: string) => string
}) => {
  // by status, as the counters: a skipped resend still stands for this one
  const standing = resend !== undefined && !isWithdrawnResend(resend.status)
  if (!standing && original === undefined) return null
  return (
    <div className="mt-2 space-y-1 text-sm text-slate-700">
      {standing ? (
        <p>
          Sent again as a new message, for <time dateTime={resend.scheduledAt}>{show(resend.scheduledAt)}</time>.{" "}
          <GoToRow label="Go to the new message" messageId={resend.id} />
        </p>
      ) : null}
      {original !== undefined ? (
        <p>
          Sends again the message of <time dateTime={original.scheduledAt}>{show(original.scheduledAt)}</time>, which
          was not sent. <GoToRow label="Go to the message it sends again" messageId={original.id} />
        </p>
      ) : null}
    </div>
  )
}

/** A message as the phone shows it (WhatsApp's formatting drawn), struck through once deleted or cancelled. */
const MessageText = ({ text, gone }: { readonly text: string; readonly gone: boolean }) => {
  const look = `mt-2 whitespace-pre-wrap break-words ${gone ? "text-slate-600 line-through" : "text-slate-900"}`
  if (!isLong(text))
    return (
      <p className={look}>
        <WhatsAppText text={text} />
      </p>
    )
  return <LongText text={text} look={look} />
}

const LongText = ({ text, look }: { readonly text: string; readonly look: string }) => {
  const [open, setOpen] = useState(false)
  return (
    <div>
      <p className={`${look} ${open ? "" : "line-clamp-4"}`}>
        <WhatsAppText text={text} />
      </p>
      <button type="button" className={`${linkLook} mt-1 text-sm`} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "Show less" : "Show the whole text"}
      </button>
    </div>
  )
}

/** What happened to the message, in words: when it was sent, receipts, or why it was not. */
const MessageState = ({
  message: m,
  show
}: {
  readonly message: CampaignMessage
  readonly show: (iso: string) => string
}) => {
  switch (m.status) {
    case "SCHEDULED":
      return <p className="mt-2 text-sm text-slate-700">Will be sent at its time.</p>
    case "PICKED":
      return <p className="mt-2 text-sm text-slate-700">Being sent now…</p>
    case "SENT": {
      // a channel's followers are hidden: no delivered or read is claimed for its copies
      const channel = isChannel(m)
      const receipts = channel ? null : deliveryWords(m)
      return (
        <p className="mt-2 text-sm text-slate-700">
          Sent
          {m.sentAt !== null ? (
            <>
              {" "}
              at <time dateTime={m.sentAt}>{show(m.sentAt)}</time>
            </>
          ) : null}
          {receipts !== null ? (
            <>
              . {receipts}
              {m.isRead && m.readAt !== null ? (
                <>
                  {" "}
                  (first at <time dateTime={m.readAt}>{show(m.readAt)}</time>)
                </>
              ) : m.isDelivered && m.deliveredAt !== null ? (
                <>
                  {" "}
                  (first at <time dateTime={m.deliveredAt}>{show(m.deliveredAt)}</time>)
                </>
              ) : null}
            </>
          ) : null}
          .{channel ? ` ${CHANNEL_POST_RECEIPTS}` : null}
        </p>
      )
    }
    case "FAILED":
      return (
        <div className="mt-2 text-sm text-red-800">
          <FailureNote
            kind={m.failureKind ?? "other"}
            target={isChannel(m) ? "channel" : "group"}
            detail={m.failureReason}
            lead="Not sent."
          />
        </div>
      )
    case "MISSED":
      return (
        <p className="mt-2 text-sm text-red-800">
          {m.failureReason === MISSED_WHILE_LIMITED ? MISSED_WHILE_LIMITED_EXPLANATION : MISSED_EXPLANATION}
        </p>
      )
    case "OUTCOME_UNKNOWN":
      return (
        <div className="mt-2 text-sm text-amber-900">
          <p>{outcomeUnknownExplanation(m.groupId)}</p>
          {m.failureReason !== undefined ? <TechnicalDetails detail={m.failureReason} /> : null}
        </div>
      )
    case "DELETED":
      return <p className="mt-2 text-sm text-slate-600">Deleted: it will not be sent.</p>
    case "CANCELLED":
      return <p className="mt-2 text-sm text-slate-600">Cancelled with the campaign: it will not be sent.</p>
    case "NEW":
      return <p className="mt-2 text-sm text-slate-600">Still being planned.</p>
    case "PAUSED":
      return <p className="mt-2 text-sm text-amber-900">{PAUSED_EXPLANATION}</p>
    case "SKIPPED":
      return <p className="mt-2 text-sm text-slate-600">{SKIPPED_EXPLANATION}</p>
  }
}
