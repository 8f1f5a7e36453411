import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { memo, useEffect, useMemo, useRef, useState } from "react"
import { Link, useParams } from "wouter"
import { failedGroupOf } from "../../../domain/message/failureKind.ts"
import { unansweredFailures } from "../../../domain/message/Message.ts"
import { samePoll } from "../../../domain/message/Poll.ts"
import { MediaView } from "../campaign/MediaAttach.tsx"
import { PollFields } from "../campaign/PollFields.tsx"
import { PollView } from "../campaign/PollView.tsx"
import type { RowPoll } from "../campaign/planInput.ts"
import { WhatsAppText } from "../campaign/WhatsAppText.tsx"
import type { CampaignDetail, CampaignMessage } from "../campaignView.ts"
import {
  campaignPollInterval,
  campaignStatusWords,
  canCancel,
  countedMessages,
  deliveryWords,
  gapText,
  groupsLabel,
  instantFromLocal,
  isChangeable,
  localDateAndTime,
  MISSED_EXPLANATION,
  messageStatusWords,
  OUTCOME_UNKNOWN_EXPLANATION
} from "../campaignView.ts"
import { errorCode, errorText, fieldErrors, useTRPC } from "../trpc.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { FailureNote, TechnicalDetails } from "../ui/FailureNote.tsx"
import { formatDateTime, viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, Card, Loading, linkLook, PageTitle, SelectField, TextArea, TextField } from "../ui/kit.tsx"
import { CampaignProgress } from "../ui/ProgressBar.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { StatusPill } from "../ui/StatusPill.tsx"

/** One campaign: its header (status, progress, failure, cancel) and every message, followed live. */
export const CampaignPage = () => {
  const { id = "" } = useParams<{ id: string }>()
  const trpc = useTRPC()
  const campaign = useQuery(
    trpc.campaign.get.queryOptions(
      { id },
      {
        refetchInterval: (query) => campaignPollInterval(query.state.data, Date.now())
      }
    )
  )
  if (campaign.isPending) return <Loading label="Loading the campaign…" />
  if (campaign.data === undefined) {
    return (
      <div>
        <PageTitle>Campaign</PageTitle>
        <Alert>
          {errorCode(campaign.error) === "NOT_FOUND"
            ? "This campaign does not exist, or it is not yours."
            : errorText(campaign.error)}{" "}
          <Link href="/campaigns" className={linkLook}>
            Back to your campaigns
          </Link>
        </Alert>
      </div>
    )
  }
  return <CampaignView campaign={campaign.data} refreshError={campaign.error} />
}

const CampaignView = ({
  campaign,
  refreshError
}: {
  readonly campaign: CampaignDetail
  readonly refreshError: unknown
}) => {
  const title = campaign.title.trim() === "" ? "Untitled campaign" : campaign.title
  const status = campaignStatusWords[campaign.status]
  const { sent, delivered, total, next, sending } = useMemo(() => {
    let sent = 0,
      delivered = 0,
      total = 0
    let next: string | null = null
    let sending = false
    // a message sent again counts once: its resend stands in its place
    for (const m of countedMessages(campaign.messages)) {
      total++
      if (m.isSent) sent++
      if (m.isDelivered) delivered++
      if (m.status === "PICKED") sending = true
      // NEW: a resend just made, waiting like any scheduled one
      if (
        (m.status === "SCHEDULED" || m.status === "NEW") &&
        (next === null || Date.parse(m.scheduledAt) < Date.parse(next))
      )
        next = m.scheduledAt
    }
    return { sent, delivered, total, next, sending }
  }, [campaign.messages])
  const several = campaign.targets.length > 1
  const failedGroup = several ? failedGroupOf(campaign.failureReason) : null
  /** the group whose messages are shown; null: every group's */
  const [shownGroup, setShownGroup] = useState<string | null>(null)
  // chronological; ties in the order the plan gave them
  const messages = useMemo(
    () =>
      campaign.messages
        .filter((m) => shownGroup === null || m.groupId === shownGroup)
        .map((m, i) => ({ m, i, at: Date.parse(m.scheduledAt) }))
        .sort((a, b) => a.at - b.at || a.i - b.i)
        .map(({ m }) => m),
    [campaign.messages, shownGroup]
  )
  // the links of "send again", both ways, and what can be sent again now
  const { byId, resendable } = useMemo(
    () => ({
      byId: new Map(campaign.messages.map((m) => [m.id, m])),
      resendable: new Set(unansweredFailures(campaign.messages).map((m) => m.id))
    }),
    [campaign.messages]
  )
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link href="/campaigns" className={linkLook}>
          ← All campaigns
        </Link>
      </p>
      <Card className="mb-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <PageTitle>{title}</PageTitle>
          </div>
          <StatusPill label={status.label} tone={status.tone} prefix="Status:" />
        </div>
        <p className="-mt-2 break-words text-slate-700">
          {several ? (
            <>
              To {campaign.targets.length} groups: <strong>{groupsLabel(campaign.targets)}</strong>, each its own copy
              of every message
            </>
          ) : (
            <>
              To the group <strong>{campaign.group.groupName || campaign.group.groupId}</strong>
            </>
          )}
        </p>
        <div className="mt-4 max-w-md">
          <CampaignProgress sent={sent} delivered={delivered} total={total} label={`Progress of ${title}`} />
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {sending ? "A message is being sent now. " : null}
          {next !== null ? (
            <>
              Next message: <time dateTime={next}>{formatDateTime(next)}</time>.
            </>
          ) : sending ? null : (
            "No message waiting to be sent."
          )}{" "}
          Times are in your time zone ({viewerTimeZone}).
        </p>
        {campaign.status === "FAILED" ? (
          <div className="mt-4">
            <Alert>
              <FailureNote
                kind={campaign.failureKind ?? "other"}
                detail={campaign.failureReason}
                lead={
                  <strong>
                    {failedGroup === null
                      ? "This campaign failed."
                      : `This campaign failed in the group ${failedGroup}.`}
                  </strong>
                }
                after={
                  canCancel(campaign) || resendable.size > 0 ? (
                    <>
                      {canCancel(campaign)
                        ? "Its other messages are still sent at their times unless you cancel it. "
                        : null}
                      {resendable.size > 0 ? "A message that was not sent can be sent again from its row below." : null}
                    </>
                  ) : undefined
                }
              />
            </Alert>
          </div>
        ) : null}
        {refreshError !== null ? (
          <div className="mt-4">
            <Alert kind="warning">Could not refresh: {errorText(refreshError)}</Alert>
          </div>
        ) : null}
        {canCancel(campaign) ? <CancelCampaign id={campaign.id} /> : null}
        <p className="mt-4">
          <Link
            href={`/campaigns/new?from=${encodeURIComponent(campaign.id)}`}
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
          >
            Duplicate
          </Link>{" "}
          <span className="text-sm text-slate-600">Plan a new campaign with these messages on new dates.</span>
        </p>
      </Card>
      {several ? <TargetTable targets={campaign.targets} /> : null}
      <h2 className="mb-3 text-xl font-semibold">Messages ({messages.length})</h2>
      {several ? (
        <div className="mb-4 max-w-sm">
          <SelectField
            label="Show the messages to"
            value={shownGroup ?? ""}
            onChange={(e) => setShownGroup(e.target.value === "" ? null : e.target.value)}
          >
            <option value="">Every group</option>
            {campaign.targets.map((t) => (
              <option key={t.groupId} value={t.groupId}>
                {t.groupName || t.groupId}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-slate-700">This campaign has no messages.</p>
      ) : (
        <ol className="space-y-3" aria-label="Messages">
          {messages.map((m) => (
            <MessageRow
              key={m.id}
              campaignId={campaign.id}
              message={m}
              resendable={resendable.has(m.id)}
              group={several ? m.groupName || m.groupId : undefined}
              resend={m.resentAs === null ? undefined : byId.get(m.resentAs)}
              original={m.resendOf === null ? undefined : byId.get(m.resendOf)}
            />
          ))}
        </ol>
      )}
    </div>
  )
}

/** Where each target group stands (campaign.get's `targets`): its state and its own copies' counts. */
const TargetTable = ({ targets }: { readonly targets: CampaignDetail["targets"] }) => (
  <section aria-labelledby="targets-heading" className="mb-6">
    <h2 id="targets-heading" className="mb-3 text-xl font-semibold">
      Groups ({targets.length})
    </h2>
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Group
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              State
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Sent
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Not sent (failed)
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {targets.map((t) => {
            const words = campaignStatusWords[t.status]
            return (
              <tr key={t.groupId} data-testid="target-row">
                <th scope="row" className="break-words px-3 py-2 font-medium">
                  {t.groupName || t.groupId}
                </th>
                <td className="px-3 py-2">
                  <StatusPill label={words.label} tone={words.tone} prefix="State:" />
                </td>
                <td className="px-3 py-2">
                  {t.sentMessages} of {t.totalMessages}
                </td>
                <td className="px-3 py-2">{t.failedMessages}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  </section>
)

/** Refreshes the campaign and the list after a change (awaited: the change shows when the action ends). */
const useRefresh = (campaignId: string) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.campaign.get.queryKey({ id: campaignId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.campaign.list.pathKey() })
    ])
  }
}

const CancelCampaign = ({ id }: { readonly id: string }) => {
  const trpc = useTRPC()
  const refresh = useRefresh(id)
  const cancel = useMutation(
    trpc.campaign.cancel.mutationOptions({
      // the cancel button goes with the campaign's cancellation: the focus goes to the heading
      onSuccess: async () => {
        await refresh()
        focusPageHeading()
        announce("The campaign is cancelled: its messages not yet sent will not be sent.")
      },
      onError: refresh
    })
  )
  return (
    <div className="mt-4 space-y-2">
      {cancel.isError ? <Alert>Could not cancel the campaign: {errorText(cancel.error)}</Alert> : null}
      <ConfirmButton
        label="Cancel campaign"
        question="Cancel this campaign? Messages not yet sent will never be sent; one being sent right now still goes."
        confirmLabel="Yes, cancel the campaign"
        keepLabel="No, keep it"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id })}
      />
    </div>
  )
}

/** Longer texts start folded to their first lines. */
const LONG_TEXT_CHARS = 280
const LONG_TEXT_LINES = 6
const isLong = (text: string) =>
  text.length > LONG_TEXT_CHARS || text.split("\n", LONG_TEXT_LINES + 1).length > LONG_TEXT_LINES

/** The row of a message, by id: where a "send again" link leads. */
const rowId = (messageId: string) => `message-${messageId}`
const goToRow = (messageId: string) => {
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

const MessageRow = memo(
  ({
    campaignId,
    message: m,
    resendable,
    group,
    resend,
    original
  }: {
    readonly campaignId: string
    readonly message: CampaignMessage
    /** failed, missed or outcome unknown, and not sent again (or its resend was withdrawn) */
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
    const when = formatDateTime(m.scheduledAt)
    // the question's buttons were disabled while it ran, and are gone once the message is deleted
    // (or being sent): the focus goes to the row, and the outcome is said
    const deleted = (outcome: string | null) => {
      row.current?.focus()
      announce(outcome ?? `The message of ${when} is deleted: it will not be sent.`)
    }
    const gone = m.status === "DELETED" || m.status === "CANCELLED"
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
                to {group}
              </span>
            )}
          </p>
          <StatusPill label={state.label} tone={state.tone} prefix="State:" />
        </div>
        {shownMode === "edit" ? (
          <EditMessage campaignId={campaignId} message={m} stillChangeable={changeable} onDone={back} />
        ) : (
          <>
            <MessageText text={m.content} gone={gone} />
            {m.mentionAll ? <p className="mt-1 text-sm text-slate-700">Mentions everyone in the group.</p> : null}
            <PollView poll={m.poll} />
            <MediaView media={m.media} />
            <MessageState message={m} />
            <ResendLinks resend={resend} original={original} />
            {shownMode === "resend" ? (
              <ResendMessage
                campaignId={campaignId}
                message={m}
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
  original
}: {
  readonly resend: CampaignMessage | undefined
  readonly original: CampaignMessage | undefined
}) => {
  const standing = resend !== undefined && !resend.isDeleted
  if (!standing && original === undefined) return null
  return (
    <div className="mt-2 space-y-1 text-sm text-slate-700">
      {standing ? (
        <p>
          Sent again as a new message, for{" "}
          <time dateTime={resend.scheduledAt}>{formatDateTime(resend.scheduledAt)}</time>.{" "}
          <GoToRow label="Go to the new message" messageId={resend.id} />
        </p>
      ) : null}
      {original !== undefined ? (
        <p>
          Sends again the message of <time dateTime={original.scheduledAt}>{formatDateTime(original.scheduledAt)}</time>
          , which was not sent. <GoToRow label="Go to the message it sends again" messageId={original.id} />
        </p>
      ) : null}
    </div>
  )
}

/**
 * The "send again" question: now, or at a date and time the user gives (in their zone). A new
 * message goes out; this one keeps what happened to it. Nothing is ever sent again by itself.
 */
const ResendMessage = ({
  campaignId,
  message,
  onKeep,
  onResent
}: {
  readonly campaignId: string
  readonly message: CampaignMessage
  readonly onKeep: () => void
  /** after the refresh, with the new message's id */
  readonly onResent: (id: string) => void
}) => {
  const trpc = useTRPC()
  const refresh = useRefresh(campaignId)
  const [date, setDate] = useState("")
  const [time, setTime] = useState("")
  const [local, setLocal] = useState<string | undefined>(undefined)
  const resend = useMutation(
    trpc.campaign.resendMessage.mutationOptions({
      onSuccess: async ({ id }) => {
        await refresh()
        onResent(id)
      },
      onError: async (error) => {
        if (errorCode(error) === "CONFLICT") await refresh()
      }
    })
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (date === "" && time === "") {
      setLocal(undefined)
      return resend.mutate({ campaignId, messageId: message.id })
    }
    const at = instantFromLocal(date, time, viewerTimeZone)
    const problem =
      at._tag === "Invalid"
        ? "Give a valid date and time, or leave both empty to send it now."
        : at._tag === "Gap"
          ? gapText(viewerTimeZone)
          : Date.parse(at.iso) <= Date.now()
            ? "This time has already passed: choose a later one, or leave both empty to send it now."
            : undefined
    setLocal(problem)
    if (problem !== undefined || at._tag !== "Instant") return
    resend.mutate({ campaignId, messageId: message.id, scheduledAt: at.iso })
  }
  const server = resend.error
  const whenError =
    local ??
    fieldErrors(server)["scheduledAt"] ??
    (errorCode(server) === "BAD_REQUEST" ? "This time has already passed: choose a later one." : undefined)
  const general = server !== null && whenError === undefined ? errorText(server) : null
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Send this message again"
      className="mt-3 space-y-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-slate-900"
    >
      {general !== null ? <Alert>{general}</Alert> : null}
      <p>
        Send this text again to the group, as a new message? This one keeps what happened to it. If the message may have
        arrived after all, check the group first: nothing can take back a duplicate.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Date" type="date" value={date} error={whenError} onChange={(e) => setDate(e.target.value)} />
        <TextField
          label="Time"
          type="time"
          value={time}
          hint={`Leave both empty to send it now. Your time zone: ${viewerTimeZone}`}
          onChange={(e) => setTime(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="px-3 py-1" disabled={resend.isPending}>
          {resend.isPending
            ? "Sending again…"
            : date === "" && time === ""
              ? "Send it again now"
              : "Send it again then"}
        </Button>
        <Button variant="secondary" className="px-3 py-1" disabled={resend.isPending} onClick={onKeep}>
          Keep as is
        </Button>
      </div>
    </form>
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
const MessageState = ({ message: m }: { readonly message: CampaignMessage }) => {
  switch (m.status) {
    case "SCHEDULED":
      return <p className="mt-2 text-sm text-slate-700">Will be sent at its time.</p>
    case "PICKED":
      return <p className="mt-2 text-sm text-slate-700">Being sent now…</p>
    case "SENT": {
      const receipts = deliveryWords(m)
      return (
        <p className="mt-2 text-sm text-slate-700">
          Sent
          {m.sentAt !== null ? (
            <>
              {" "}
              at <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
            </>
          ) : null}
          {receipts !== null ? (
            <>
              . {receipts}
              {m.isRead && m.readAt !== null ? (
                <>
                  {" "}
                  (first at <time dateTime={m.readAt}>{formatDateTime(m.readAt)}</time>)
                </>
              ) : m.isDelivered && m.deliveredAt !== null ? (
                <>
                  {" "}
                  (first at <time dateTime={m.deliveredAt}>{formatDateTime(m.deliveredAt)}</time>)
                </>
              ) : null}
            </>
          ) : null}
          .
        </p>
      )
    }
    case "FAILED":
      return (
        <div className="mt-2 text-sm text-red-800">
          <FailureNote kind={m.failureKind ?? "other"} detail={m.failureReason} lead="Not sent." />
        </div>
      )
    case "MISSED":
      return <p className="mt-2 text-sm text-red-800">{MISSED_EXPLANATION}</p>
    case "OUTCOME_UNKNOWN":
      return (
        <div className="mt-2 text-sm text-amber-900">
          <p>{OUTCOME_UNKNOWN_EXPLANATION}</p>
          {m.failureReason !== undefined ? <TechnicalDetails detail={m.failureReason} /> : null}
        </div>
      )
    case "DELETED":
      return <p className="mt-2 text-sm text-slate-600">Deleted: it will not be sent.</p>
    case "CANCELLED":
      return <p className="mt-2 text-sm text-slate-600">Cancelled with the campaign: it will not be sent.</p>
    case "NEW":
      return <p className="mt-2 text-sm text-slate-600">Still being planned.</p>
  }
}

const conflictText = "This message is already being sent (or has been), so it can no longer be changed or deleted."

const DeleteMessage = ({
  campaignId,
  messageId,
  onKeep,
  onDeleted
}: {
  readonly campaignId: string
  readonly messageId: string
  readonly onKeep: () => void
  /** after the refresh: `null` once deleted, else why not (the row shows it too while the question stays) */
  readonly onDeleted: (outcome: string | null) => void
}) => {
  const trpc = useTRPC()
  const refresh = useRefresh(campaignId)
  const remove = useMutation(
    trpc.campaign.deleteMessage.mutationOptions({
      onSuccess: async () => {
        await refresh()
        onDeleted(null)
      },
      onError: async (error) => {
        await refresh()
        onDeleted(errorCode(error) === "CONFLICT" ? conflictText : `Could not delete the message: ${errorText(error)}`)
      }
    })
  )
  return (
    <div
      role="group"
      aria-label="Delete this message"
      className="mt-3 space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {remove.isError ? (
        <Alert>{errorCode(remove.error) === "CONFLICT" ? conflictText : errorText(remove.error)}</Alert>
      ) : null}
      <p>Delete this message? It will not be sent.</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          className="px-3 py-1"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ campaignId, messageId })}
        >
          {remove.isPending ? "Deleting…" : "Yes, delete it"}
        </Button>
        <Button variant="secondary" className="px-3 py-1" autoFocus disabled={remove.isPending} onClick={onKeep}>
          No, keep it
        </Button>
      </div>
    </div>
  )
}

const EditMessage = ({
  campaignId,
  message,
  stillChangeable,
  onDone
}: {
  readonly campaignId: string
  readonly message: CampaignMessage
  readonly stillChangeable: boolean
  readonly onDone: () => void
}) => {
  const trpc = useTRPC()
  const refresh = useRefresh(campaignId)
  // the message as it was when the form opened (or was last reloaded): what the user edits, and
  // what a save is compared against; a poll bringing someone else's change does not move it
  const [opened, setOpened] = useState(() => ({
    content: message.content,
    scheduledAt: message.scheduledAt,
    mentionAll: message.mentionAll,
    poll: message.poll
  }))
  const initial = useMemo(() => localDateAndTime(opened.scheduledAt, viewerTimeZone), [opened.scheduledAt])
  const [content, setContent] = useState(opened.content)
  const [date, setDate] = useState(initial.date)
  const [time, setTime] = useState(initial.time)
  const [mentionAll, setMentionAll] = useState(opened.mentionAll)
  const [poll, setPoll] = useState<RowPoll | null>(opened.poll)
  const [local, setLocal] = useState<{ content?: string; when?: string }>({})
  const changedMeanwhile =
    message.content !== opened.content ||
    message.scheduledAt !== opened.scheduledAt ||
    message.mentionAll !== opened.mentionAll ||
    !samePoll(message.poll, opened.poll)
  const update = useMutation(
    trpc.campaign.updateMessage.mutationOptions({
      onSuccess: async () => {
        await refresh()
        onDone()
      },
      onError: async (error) => {
        if (errorCode(error) === "CONFLICT") await refresh()
      }
    })
  )
  /** Starts the form again from the message as it is now (someone else's change included). */
  const reload = () => {
    const now = localDateAndTime(message.scheduledAt, viewerTimeZone)
    setOpened({
      content: message.content,
      scheduledAt: message.scheduledAt,
      mentionAll: message.mentionAll,
      poll: message.poll
    })
    setContent(message.content)
    setMentionAll(message.mentionAll)
    setPoll(message.poll)
    setDate(now.date)
    setTime(now.time)
    setLocal({})
    update.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // saving would overwrite a change the user has not seen
    if (changedMeanwhile) return
    const contentChanged = content !== opened.content
    const timeChanged = date !== initial.date || time !== initial.time
    const mentionChanged = mentionAll !== opened.mentionAll
    const pollChanged = poll !== null && !samePoll(poll, opened.poll)
    const at = timeChanged ? instantFromLocal(date, time, viewerTimeZone) : null
    const problems: { content?: string; when?: string } = {}
    if (content.trim() === "") problems.content = "Write the message's text."
    if (at?._tag === "Invalid") problems.when = "Give a valid date and time."
    else if (at?._tag === "Gap") problems.when = gapText(viewerTimeZone)
    else if (at?._tag === "Instant" && Date.parse(at.iso) <= Date.now())
      problems.when = "This time has already passed: choose a later one."
    setLocal(problems)
    if (problems.content !== undefined || problems.when !== undefined) return
    if (!contentChanged && !timeChanged && !mentionChanged && !pollChanged) return onDone()
    update.mutate({
      campaignId,
      messageId: message.id,
      ...(contentChanged ? { content } : {}),
      ...(mentionChanged ? { mentionAll } : {}),
      ...(pollChanged ? { poll: { options: [...poll.options], multipleAnswers: poll.multipleAnswers } } : {}),
      ...(at?._tag === "Instant" ? { scheduledAt: at.iso } : {})
    })
  }
  const server = update.error
  const fields = fieldErrors(server)
  const code = errorCode(server)
  const serverText = server === null ? "" : errorText(server)
  const contentError =
    local.content ??
    fields["content"] ??
    (code === "BAD_REQUEST" && /content/i.test(serverText) ? "The text must not be empty." : undefined)
  const whenError =
    local.when ??
    fields["scheduledAt"] ??
    (code === "BAD_REQUEST" && /in the past/i.test(serverText)
      ? "This time has already passed: choose a later one."
      : undefined)
  const pollError = Object.keys(fields).some((path) => path.startsWith("poll"))
  const general =
    server !== null && contentError === undefined && whenError === undefined && !pollError
      ? code === "CONFLICT"
        ? conflictText
        : serverText
      : null
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" noValidate aria-label="Edit this message">
      {general !== null ? (
        <Alert>{general}</Alert>
      ) : !stillChangeable ? (
        <Alert kind="warning">{conflictText}</Alert>
      ) : null}
      {stillChangeable && changedMeanwhile ? (
        <Alert kind="warning">
          <p>This message was changed elsewhere since you opened this form: saving now would overwrite that change.</p>
          <Button variant="secondary" className="mt-2 px-3 py-1" onClick={reload}>
            Reload the form
          </Button>
        </Alert>
      ) : null}
      <TextArea
        label={poll === null ? "Message text" : "Question"}
        rows={Math.min(10, Math.max(3, content.split("\n").length + 1))}
        value={content}
        error={contentError}
        onChange={(e) => setContent(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Date" type="date" value={date} error={whenError} onChange={(e) => setDate(e.target.value)} />
        <TextField
          label="Time"
          type="time"
          value={time}
          hint={`Your time zone: ${viewerTimeZone}`}
          onChange={(e) => setTime(e.target.value)}
        />
      </div>
      {poll === null ? (
        <Checkbox
          label="Mention everyone"
          checked={mentionAll}
          hint="The message mentions all members of the group."
          onChange={setMentionAll}
        />
      ) : (
        <>
          <PollFields of="this poll" path="poll" poll={poll} errors={fields} onChange={setPoll} />
          {fields["poll"] ? <p className="text-sm text-red-800">{fields["poll"]}</p> : null}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending || !stillChangeable || changedMeanwhile}>
          {update.isPending ? "Saving…" : "Save changes"}
        </Button>
        <Button variant="secondary" disabled={update.isPending} onClick={onDone}>
          Discard changes
        </Button>
      </div>
    </form>
  )
}
