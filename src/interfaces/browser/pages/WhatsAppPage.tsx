import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useEffect, useState } from "react"
import { Link } from "wouter"
import { PACING_MAX_SECONDS } from "../../../domain/session/MessagingSession.ts"
import { zoneLabel } from "../campaign/planWords.ts"
import { fieldErrors, useTRPC } from "../trpc.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { ErrorNote, errorWithId } from "../ui/ErrorNote.tsx"
import { TechnicalDetails } from "../ui/FailureNote.tsx"
import { formatDateTime, viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, buttonLinkLook, Card, Loading, PageTitle, TextField } from "../ui/kit.tsx"
import { pacingExample, pacingSummary } from "../ui/pacingText.ts"
import type { StatusTone } from "../ui/sessionStatus.ts"
import { describeStatus, QR_POLL_MS, statusPollMs } from "../ui/sessionStatus.ts"
import { useMessagingSession, useSessionLimit, useSessionStatus } from "../ui/whatsappQueries.ts"

interface SessionView {
  readonly id: string
  readonly sessionName: string
  readonly phoneNumber: string
}

/** After a change to the session: the session and its status are asked for again (the badge follows). */
const useRefreshSession = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.user.getMessagingSession.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.getSessionStatus.queryKey() })
    ])
  }
}

/** The WhatsApp connection: connect (QR code), its status and what to do about it, restart, log out, phone number. */
export const WhatsAppPage = () => {
  const session = useMessagingSession()
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle>WhatsApp</PageTitle>
      {session.isPending ? (
        <Loading label="Loading your WhatsApp connection…" />
      ) : session.isError ? (
        <ErrorNote error={session.error} />
      ) : session.data.session === null ? (
        <NotConnected />
      ) : (
        <Connection session={session.data.session} />
      )}
    </div>
  )
}

const NotConnected = () => {
  const trpc = useTRPC()
  const refresh = useRefreshSession()
  const connect = useMutation(trpc.user.initiateMessagingSession.mutationOptions({ onSuccess: refresh }))
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">Not connected</h2>
      <p>
        Herald sends your scheduled messages from your own WhatsApp account, as a linked device (like WhatsApp Web).
        Connect it once: Herald shows a QR code, you scan it with WhatsApp on your phone, and your groups and contacts
        become available for campaigns.
      </p>
      {connect.isError ? <ErrorNote error={connect.error} /> : null}
      <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
        {connect.isPending ? "Connecting…" : "Connect WhatsApp"}
      </Button>
    </Card>
  )
}

const TONE_LOOK: Readonly<Record<StatusTone, string>> = {
  good: "border-green-300 bg-green-50 text-green-900",
  waiting: "border-amber-300 bg-amber-50 text-amber-900",
  bad: "border-red-300 bg-red-50 text-red-900",
  unknown: "border-slate-300 bg-slate-50 text-slate-900"
}

const Connection = ({ session }: { readonly session: SessionView }) => {
  const status = useSessionStatus(session.sessionName, statusPollMs)
  const current = status.data?.status
  const connected = current === "WORKING" && !status.isError
  return (
    <>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">Connection</h2>
        {status.isError ? <ErrorNote error={status.error} /> : null}
        <LimitNote sessionName={session.sessionName} />
        {current === undefined ? (
          status.isError ? (
            <p>The connection's status is unknown until the gateway answers; this page keeps asking.</p>
          ) : (
            <Loading label="Asking WhatsApp for the status…" />
          )
        ) : (
          <StatusPanel
            status={current}
            sessionName={session.sessionName}
            recordedNumber={session.phoneNumber}
            stale={status.isError}
          />
        )}
        {connected ? (
          <div className="space-y-2">
            <Link href="/campaigns/new" className={buttonLinkLook}>
              Plan a campaign
            </Link>
            <p className="text-sm text-slate-700">
              Choose the groups this number is in, write the messages and when they go out.
            </p>
          </div>
        ) : null}
        {current === "SCAN_QR_CODE" && !status.isError ? (
          <QrCode sessionName={session.sessionName} statusReadAt={status.dataUpdatedAt} />
        ) : null}
        <Actions session={session} />
      </Card>
      <PacingForm sessionName={session.sessionName} />
      <PhoneNumberForm session={session} />
    </>
  )
}

/**
 * When WhatsApp limits the number, Herald holds its sends: said in plain words, until when in the
 * viewer's zone, what it means and what to do (docs/architecture.md, "When WhatsApp limits a number").
 */
const LimitNote = ({ sessionName }: { readonly sessionName: string }) => {
  // the header badge reads the same answer
  const limit = useSessionLimit(sessionName)
  if (limit.data === undefined || !limit.data.held || limit.data.until === null) return null
  const until = formatDateTime(limit.data.until)
  return (
    <section
      aria-labelledby="limit-heading"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h3 id="limit-heading" className="mb-1 font-semibold">
        WhatsApp is limiting this number: sending is paused
      </h3>
      <p className="mb-2">
        WhatsApp refused a message because it is limiting this number for now, usually after many messages in a short
        time or messages to people who do not know the number.{" "}
        {limit.data.untilKnown
          ? `Herald holds your messages until ${until} (${zoneLabel(viewerTimeZone)}), when WhatsApp says the limit ends, and then sends again by itself.`
          : `WhatsApp did not say for how long: Herald holds your messages until ${until} (${zoneLabel(viewerTimeZone)}), then tries again by itself.`}
      </p>
      <p className="mb-2">
        Messages due before then are not sent late: they show as missed, and you can send them again. The message that
        was refused shows as failed.
      </p>
      <p>
        <strong>What to do:</strong> nothing is needed to resume. To avoid it next time, turn on pacing below so
        messages go out more slowly.
      </p>
    </section>
  )
}

/**
 * The status, what it means and what to do; `stale`: the last answer before the gateway stopped
 * answering. Connected, it names the number: the one WhatsApp reports, else the one recorded.
 */
const StatusPanel = ({
  status,
  sessionName,
  recordedNumber,
  stale
}: {
  readonly status: string
  readonly sessionName: string
  readonly recordedNumber: string
  readonly stale: boolean
}) => {
  const description = describeStatus(status)
  // held while WhatsApp limits the number: the note below says so, this line must not say it sends
  const limit = useSessionLimit(status === "WORKING" ? sessionName : null)
  const held = limit.data?.held === true
  return (
    <div
      role="status"
      className={`rounded-md border px-4 py-3 ${TONE_LOOK[stale ? "unknown" : description.tone]}`}
      data-testid="session-status"
    >
      <p className="font-semibold">{stale ? `Last known: ${description.title}` : description.title}</p>
      {status === "WORKING" && !stale ? <LinkedNumber sessionName={sessionName} recorded={recordedNumber} /> : null}
      <p className="mt-1 text-sm">
        {held
          ? "WhatsApp is linked, but it is limiting this number for now: Herald holds your messages until the limit ends."
          : description.advice}
      </p>
    </div>
  )
}

/** The connected phone's number as WhatsApp reports it, else the recorded one; a recorded one that differs is named too. */
const LinkedNumber = ({ sessionName, recorded }: { readonly sessionName: string; readonly recorded: string }) => {
  const trpc = useTRPC()
  // the number changes only with a new link (log out, connect again): asked for once a minute at most
  const linked = useQuery(trpc.session.getLinkedNumber.queryOptions({ sessionName }, { staleTime: 60_000 }))
  const reported = linked.data?.phoneNumber ?? null
  const name = linked.data?.name ?? null
  const number = reported ?? (recorded === "" ? null : recorded)
  if (number === null)
    return linked.isPending ? (
      <p>Asking WhatsApp for the number…</p>
    ) : (
      <p>WhatsApp has not said which number is linked; you can record it below.</p>
    )
  return (
    <>
      <p className="break-words">
        Number: <span className="font-mono">{number}</span>
        {name === null ? null : <>, named “{name}” on WhatsApp</>}
      </p>
      {reported !== null && recorded !== "" && recorded !== reported ? (
        <p className="text-sm">
          Recorded in Herald: <span className="font-mono">{recorded}</span> (WhatsApp reports the one above)
        </p>
      ) : null}
      <ReceiptsNote receipts={linked.data?.receipts ?? "UNKNOWN"} />
    </>
  )
}

/**
 * When delivered and read marks will not come (issue 23 item 2), why in the organiser's words; what
 * the operator needs behind Details. Nothing when they come or the gateway does not say.
 */
const ReceiptsNote = ({ receipts }: { readonly receipts: "ON" | "NOT_CONFIGURED" | "NOT_REGISTERED" | "UNKNOWN" }) =>
  receipts === "NOT_CONFIGURED" || receipts === "NOT_REGISTERED" ? (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        Messages from this number are sent, but Herald will not show when they are delivered or read
        {receipts === "NOT_CONFIGURED"
          ? ": this Herald is not set up to hear it from WhatsApp. Ask the person who runs Herald to turn delivery receipts on."
          : ": this connection does not report it to Herald. Log out and connect again to get delivery receipts; if they still do not come, ask the person who runs Herald."}
      </p>
      <TechnicalDetails
        detail={
          receipts === "NOT_CONFIGURED"
            ? "GATEWAY_WEBHOOK_SECRET is not set on the web process, so no session gets a webhook (docs: Delivery receipts)."
            : "The session's webhooks at WAHA include none to this Herald's /api/webhooks/waha for message.ack or message.ack.group (made before GATEWAY_WEBHOOK_SECRET or AUTH_URL was set or changed, or WAHA refused the events)."
        }
      />
    </div>
  ) : null

/**
 * The QR code to scan. It is asked for only after a status read that said a code is needed
 * (`statusReadAt`), and again after later ones once it is a few seconds old (WhatsApp replaces
 * codes): never on its own timer, which would ask after the phone scanned it (a refused request).
 */
const QrCode = ({ sessionName, statusReadAt }: { readonly sessionName: string; readonly statusReadAt: number }) => {
  const trpc = useTRPC()
  const qr = useQuery(
    trpc.user.getSessionQR.queryOptions(
      { sessionName },
      { staleTime: QR_POLL_MS, refetchOnWindowFocus: false, refetchOnReconnect: false }
    )
  )
  const { refetch, dataUpdatedAt, isFetching } = qr
  useEffect(() => {
    if (statusReadAt > 0 && !isFetching && dataUpdatedAt > 0 && statusReadAt - dataUpdatedAt >= QR_POLL_MS)
      void refetch()
  }, [statusReadAt, dataUpdatedAt, isFetching, refetch])
  return (
    <div className="space-y-3">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open WhatsApp on your phone.</li>
        <li>
          Go to Settings (or the ⋮ menu) → <strong>Linked devices</strong> → <strong>Link a device</strong>.
        </li>
        <li>Point the phone at this code. This page changes to “Connected” by itself.</li>
      </ol>
      {qr.data !== undefined ? (
        <img
          src={`data:image/png;base64,${qr.data.qr}`}
          alt="QR code to link WhatsApp"
          className="h-64 w-64 max-w-full border border-slate-200 bg-white [image-rendering:pixelated]"
        />
      ) : qr.isError ? null : (
        <Loading label="Loading the QR code…" />
      )}
      {qr.isError ? <ErrorNote error={qr.error} /> : null}
    </div>
  )
}

const Actions = ({ session }: { readonly session: SessionView }) => {
  const trpc = useTRPC()
  const refresh = useRefreshSession()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const restart = useMutation(trpc.user.restartSession.mutationOptions({ onSuccess: refresh }))
  const logout = useMutation(
    trpc.user.logoutSession.mutationOptions({
      onSuccess: async () => {
        // gone at once for the page and the badge, before anything asks about the deleted session
        queryClient.setQueryData(trpc.user.getMessagingSession.queryKey(), { session: null })
        queryClient.removeQueries({ queryKey: trpc.user.getSessionStatus.queryKey() })
        queryClient.removeQueries({ queryKey: trpc.user.getSessionQR.queryKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.user.getMessagingSession.queryKey() })
      }
    })
  )
  const busy = restart.isPending || logout.isPending
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      {restart.isError ? <ErrorNote error={restart.error} /> : null}
      {restart.isSuccess && !restart.isPending ? (
        <Alert kind="success">Restart requested: the status below follows it.</Alert>
      ) : null}
      {logout.isError ? <ErrorNote error={logout.error} /> : null}
      {confirming ? (
        <div
          role="group"
          aria-labelledby="logout-question"
          className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4"
        >
          <p id="logout-question" className="text-sm text-red-900">
            Log out? This unlinks your phone and deletes the session: scheduled messages will not be sent until you
            connect again (with a new QR code).
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => logout.mutate({ sessionName: session.sessionName })}
            >
              {logout.isPending ? "Logging out…" : "Yes, log out"}
            </Button>
            <Button variant="secondary" disabled={logout.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => restart.mutate({ sessionName: session.sessionName })}
          >
            {restart.isPending ? "Restarting…" : "Restart"}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
            Log out…
          </Button>
        </div>
      )}
    </div>
  )
}

const PhoneNumberForm = ({ session }: { readonly session: SessionView }) => {
  const trpc = useTRPC()
  const refresh = useRefreshSession()
  const [phoneNumber, setPhoneNumber] = useState(session.phoneNumber)
  const save = useMutation(trpc.user.updateSessionPhone.mutationOptions({ onSuccess: refresh }))
  const fieldError = save.isError ? fieldErrors(save.error)["phoneNumber"] : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ id: session.id, phoneNumber })
  }
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">Phone number</h2>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {save.isError && fieldError === undefined ? <Alert>{errorWithId(save.error)}</Alert> : null}
        {save.isSuccess ? <Alert kind="success">Phone number saved.</Alert> : null}
        <TextField
          label="Phone number of the linked phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={phoneNumber}
          onChange={(e) => {
            setPhoneNumber(e.target.value)
            if (!save.isPending) save.reset()
          }}
          error={fieldError}
          hint="Needed only when WhatsApp does not report the number. International format with the country code, e.g. +441234567890."
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save phone number"}
        </Button>
      </form>
    </Card>
  )
}

/** Pacing: the least time between two sends of this number, and a random part on top. */
const PacingForm = ({ sessionName }: { readonly sessionName: string }) => {
  const trpc = useTRPC()
  const current = useQuery(trpc.session.getPacing.queryOptions({ sessionName }))
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">Pacing</h2>
      <p className="mb-4 text-sm text-slate-700">
        WhatsApp may ban a number that sends many messages one right after the other, like a machine. With pacing on,
        Herald waits between two messages from this number, a little longer at random each time, as a person would. A
        random wait of 30 to 60 seconds is the usual advice.
      </p>
      {current.isPending ? (
        <Loading label="Loading pacing…" />
      ) : current.isError ? (
        <ErrorNote error={current.error} />
      ) : (
        <PacingFields sessionName={sessionName} saved={current.data} />
      )}
      <TypingChoice sessionName={sessionName} />
    </Card>
  )
}

/** Part of pacing: mark the chat seen and show "typing…" a few seconds before each message; saved as it is ticked. */
const TypingChoice = ({ sessionName }: { readonly sessionName: string }) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const current = useQuery(trpc.session.getTyping.queryOptions({ sessionName }))
  const save = useMutation(
    trpc.session.setTyping.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.session.getTyping.queryKey({ sessionName }) })
    })
  )
  if (current.isPending) return <Loading label="Loading the typing setting…" />
  if (current.isError) return <ErrorNote error={current.error} />
  const on = save.isPending && save.variables !== undefined ? save.variables.on : current.data.on
  return (
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <Checkbox
        label="Show “typing…” before each message"
        checked={on}
        onChange={(checked) => save.mutate({ sessionName, on: checked })}
        hint="Herald marks the group's chat as read and shows “typing…” for a few seconds before each message, as a person would. Each message then goes a few seconds after its time."
      />
      {save.isError ? <Alert>{errorWithId(save.error)}</Alert> : null}
      {save.isSuccess ? (
        <Alert kind="success">
          {save.variables.on ? "Typing before each message turned on." : "Typing before each message turned off."}
        </Alert>
      ) : null}
    </div>
  )
}

const PacingFields = ({
  sessionName,
  saved
}: {
  readonly sessionName: string
  readonly saved: { readonly minGapSeconds: number; readonly jitterSeconds: number }
}) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [on, setOn] = useState(saved.minGapSeconds > 0)
  const [gap, setGap] = useState(String(saved.minGapSeconds > 0 ? saved.minGapSeconds : 30))
  const [jitter, setJitter] = useState(String(saved.minGapSeconds > 0 ? saved.jitterSeconds : 30))
  const save = useMutation(
    trpc.session.setPacing.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.session.getPacing.queryKey({ sessionName }) })
    })
  )
  const errors = save.isError ? fieldErrors(save.error) : {}
  const gapError = errors["minGapSeconds"]
  const jitterError = errors["jitterSeconds"]
  const edited = () => {
    if (!save.isPending) save.reset()
  }
  // an empty or non-numeric field is sent as it is, and refused at the field by the server
  const seconds = (text: string) => (text.trim() === "" ? Number.NaN : Number(text))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      on
        ? { sessionName, minGapSeconds: seconds(gap), jitterSeconds: seconds(jitter) }
        : { sessionName, minGapSeconds: 0, jitterSeconds: 0 }
    )
  }
  const asSaved = saved.minGapSeconds > 0
  const changed =
    on !== asSaved || (on && (Number(gap) !== saved.minGapSeconds || Number(jitter) !== saved.jitterSeconds))
  const wanted = on
    ? { minGapSeconds: Number(gap), jitterSeconds: Number(jitter) }
    : { minGapSeconds: 0, jitterSeconds: 0 }
  const sensible =
    Number.isInteger(wanted.minGapSeconds) &&
    Number.isInteger(wanted.jitterSeconds) &&
    wanted.jitterSeconds >= 0 &&
    (on ? wanted.minGapSeconds > 0 : true) &&
    wanted.minGapSeconds + wanted.jitterSeconds <= PACING_MAX_SECONDS
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {save.isError && gapError === undefined && jitterError === undefined ? (
        <Alert>{errorWithId(save.error)}</Alert>
      ) : null}
      {save.isSuccess ? <Alert kind="success">{on ? "Pacing saved." : "Pacing turned off."}</Alert> : null}
      <p className="text-sm" data-testid="pacing-saved">
        <strong>Set now:</strong> {pacingSummary(saved)}
      </p>
      <Checkbox
        label="Pace this number's messages"
        checked={on}
        onChange={(checked) => {
          setOn(checked)
          edited()
        }}
      />
      {on ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Wait at least (seconds)"
            type="number"
            inputMode="numeric"
            min={1}
            max={120}
            step={1}
            value={gap}
            onChange={(e) => {
              setGap(e.target.value)
              edited()
            }}
            error={gapError}
            hint={`Between two messages from this number: 1 to ${PACING_MAX_SECONDS}.`}
          />
          <TextField
            label="Plus at random up to (seconds)"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            value={jitter}
            onChange={(e) => {
              setJitter(e.target.value)
              edited()
            }}
            error={jitterError}
            hint={`0 for none. The two together at most ${PACING_MAX_SECONDS}.`}
          />
        </div>
      ) : null}
      {sensible ? (
        <div className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="pacing-effect">
          {changed ? (
            <p>
              <strong>Once saved:</strong> {pacingSummary(wanted)}
            </p>
          ) : null}
          <p>{pacingExample(wanted)}</p>
        </div>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save pacing"}
      </Button>
    </form>
  )
}
