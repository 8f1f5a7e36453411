import i18next from "i18next"
import { memo, useEffect, useRef, useState } from "react"
import { Trans } from "react-i18next"
import { isWithdrawnResend, MISSED_WHILE_LIMITED } from "../../../domain/message/Message.ts"
import type { CampaignMessage } from "../campaignView.ts"
import { deliveryWords, isChangeable, messageStatusWords, outcomeUnknownExplanation } from "../campaignView.ts"
import { FailureNote, TechnicalDetails } from "../ui/FailureNote.tsx"
import { viewerTimeZone } from "../ui/format.ts"
import { Button, linkLook } from "../ui/kit.tsx"
import { announce } from "../ui/pageHeading.ts"
import { StatusPill } from "../ui/StatusPill.tsx"
import { isChannel } from "./channelWords.ts"
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
// rows read their words once per language (a t call per word and row costs a 1,000-message page
// too much); the page passes the language on screen, so a change re-renders the memoized rows
const HOLE = "\u0000"
const makeWords = () => ({
  beingSent: i18next.t("row.beingSent"),
  cancelledState: i18next.t("row.cancelledState"),
  channelReceipts: i18next.t("row.channelReceipts"),
  delete: i18next.t("row.delete"),
  deletedState: i18next.t("row.deletedState"),
  edit: i18next.t("row.edit"),
  goToNew: i18next.t("row.goToNew"),
  goToOriginal: i18next.t("row.goToOriginal"),
  missed: i18next.t("row.missed"),
  missedLimited: i18next.t("row.missedLimited"),
  notSent: i18next.t("row.notSent"),
  paused: i18next.t("row.paused"),
  planning: i18next.t("row.planning"),
  resent: i18next.t("row.resent"),
  sendAgain: i18next.t("row.sendAgain"),
  sent: i18next.t("row.sent"),
  showAll: i18next.t("row.showAll"),
  showLess: i18next.t("row.showLess"),
  skipped: i18next.t("row.skipped"),
  state: i18next.t("row.state"),
  willSend: i18next.t("row.willSend"),
  deleteOf: i18next.t("row.deleteOf", { when: HOLE }),
  deleted: i18next.t("row.deleted", { when: HOLE }),
  editOf: i18next.t("row.editOf", { when: HOLE }),
  sendAgainOf: i18next.t("row.sendAgainOf", { when: HOLE }),
  mentions: i18next.t("preview.mentions")
})
const madeWords = new Map<string, ReturnType<typeof makeWords>>()
const words = (): ReturnType<typeof makeWords> => {
  let made = madeWords.get(i18next.language)
  if (made === undefined) {
    made = makeWords()
    madeWords.set(i18next.language, made)
  }
  return made
}
/** A word with the message's time in it. */
const fill = (template: string, when: string): string => template.replace(HOLE, when)

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
    /** the language on screen: a change re-renders the memoized row in it (its words are read once per language) */
    readonly language: string
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
      announce(outcome ?? fill(words().deleted, when))
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
                {isChannel(m) ? (
                  <Trans i18nKey="row.toChannel" values={{ group }} components={{ group: <bdi /> }} />
                ) : (
                  <Trans i18nKey="row.to" values={{ group }} components={{ group: <bdi /> }} />
                )}
              </span>
            )}
          </p>
          <StatusPill label={state.label} tone={state.tone} prefix={words().state} />
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
            {m.mentionAll ? <p className="mt-1 text-sm text-slate-700">{words().mentions}</p> : null}
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
                  announce(words().resent)
                  // the new row is there once the refresh is in
                  requestAnimationFrame(() => goToRow(id))
                }}
              />
            ) : resendable ? (
              <div ref={actions} className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  aria-label={fill(words().sendAgainOf, when)}
                  onClick={() => setMode("resend")}
                >
                  {words().sendAgain}
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
                    aria-label={fill(words().editOf, when)}
                    onClick={() => setMode("edit")}
                  >
                    {words().edit}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={fill(words().deleteOf, when)}
                    onClick={() => setMode("delete")}
                  >
                    {words().delete}
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
          <Trans
            i18nKey="row.sentAgainAs"
            values={{ when: show(resend.scheduledAt) }}
            components={{ time: <time dateTime={resend.scheduledAt} /> }}
          />{" "}
          <GoToRow label={words().goToNew} messageId={resend.id} />
        </p>
      ) : null}
      {original !== undefined ? (
        <p>
          <Trans
            i18nKey="row.sendsAgain"
            values={{ when: show(original.scheduledAt) }}
            components={{ time: <time dateTime={original.scheduledAt} /> }}
          />{" "}
          <GoToRow label={words().goToOriginal} messageId={original.id} />
        </p>
      ) : null}
    </div>
  )
}

/** A message as the phone shows it (WhatsApp's formatting drawn), struck through once deleted or cancelled. */
const MessageText = ({ text, gone }: { readonly text: string; readonly gone: boolean }) => {
  // each paragraph takes its direction from its first letter (Arabic right to left), as dir="auto" would, but
  // at layout, for the rows drawn only: a 1,000-message page does not work out every row's direction at once
  const look = `mt-2 whitespace-pre-wrap break-words [unicode-bidi:plaintext] ${gone ? "text-slate-600 line-through" : "text-slate-900"}`
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
        {open ? words().showLess : words().showAll}
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
      return <p className="mt-2 text-sm text-slate-700">{words().willSend}</p>
    case "PICKED":
      return <p className="mt-2 text-sm text-slate-700">{words().beingSent}</p>
    case "SENT": {
      // a channel's followers are hidden: no delivered or read is claimed for its copies
      const channel = isChannel(m)
      const receipts = channel ? null : deliveryWords(m)
      return (
        <p className="mt-2 text-sm text-slate-700">
          {m.sentAt !== null ? (
            <Trans
              i18nKey="row.sentAt"
              values={{ when: show(m.sentAt) }}
              components={{ time: <time dateTime={m.sentAt} /> }}
            />
          ) : (
            words().sent
          )}
          {receipts !== null ? (
            <>
              . {receipts}
              {m.isRead && m.readAt !== null ? (
                <>
                  {" "}
                  <Trans
                    i18nKey="row.firstAt"
                    values={{ when: show(m.readAt) }}
                    components={{ time: <time dateTime={m.readAt} /> }}
                  />
                </>
              ) : m.isDelivered && m.deliveredAt !== null ? (
                <>
                  {" "}
                  <Trans
                    i18nKey="row.firstAt"
                    values={{ when: show(m.deliveredAt) }}
                    components={{ time: <time dateTime={m.deliveredAt} /> }}
                  />
                </>
              ) : null}
            </>
          ) : null}
          .{channel ? ` ${words().channelReceipts}` : null}
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
            lead={words().notSent}
          />
        </div>
      )
    case "MISSED":
      return (
        <p className="mt-2 text-sm text-red-800">
          {m.failureReason === MISSED_WHILE_LIMITED ? words().missedLimited : words().missed}
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
      return <p className="mt-2 text-sm text-slate-600">{words().deletedState}</p>
    case "CANCELLED":
      return <p className="mt-2 text-sm text-slate-600">{words().cancelledState}</p>
    case "NEW":
      return <p className="mt-2 text-sm text-slate-600">{words().planning}</p>
    case "PAUSED":
      return <p className="mt-2 text-sm text-amber-900">{words().paused}</p>
    case "SKIPPED":
      return <p className="mt-2 text-sm text-slate-600">{words().skipped}</p>
  }
}
