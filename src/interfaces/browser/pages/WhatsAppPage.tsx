import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { LOOKBACK_MS } from "../../../domain/message/Message.ts"
import { sureToGoUnderPacing } from "../../../domain/session/MessagingSession.ts"
import { fieldErrors, useTRPC } from "../trpc.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { ErrorNote, errorWithId } from "../ui/ErrorNote.tsx"
import { Alert, Button, Card, Loading, PageTitle, TextField } from "../ui/kit.tsx"
import type { StatusTone } from "../ui/sessionStatus.ts"
import { describeStatus, QR_POLL_MS, statusPollMs } from "../ui/sessionStatus.ts"
import type { Target } from "../ui/TargetPicker.tsx"
import { TargetPicker } from "../ui/TargetPicker.tsx"
import { useMessagingSession, useSessionStatus } from "../ui/whatsappQueries.ts"

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
  return (
    <>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">Connection</h2>
        {status.isError ? <ErrorNote error={status.error} /> : null}
        {current === undefined ? (
          status.isError ? (
            <p>The connection's status is unknown until the gateway answers; this page keeps asking.</p>
          ) : (
            <Loading label="Asking WhatsApp for the status…" />
          )
        ) : (
          <StatusPanel status={current} phoneNumber={session.phoneNumber} stale={status.isError} />
        )}
        {current === "SCAN_QR_CODE" && !status.isError ? <QrCode sessionName={session.sessionName} /> : null}
        <Actions session={session} />
      </Card>
      <PhoneNumberForm session={session} />
      <PacingForm sessionName={session.sessionName} />
      {current === "WORKING" ? <Browse sessionName={session.sessionName} /> : null}
    </>
  )
}

/** The status, what it means and what to do; `stale`: the last answer before the gateway stopped answering. */
const StatusPanel = ({
  status,
  phoneNumber,
  stale
}: {
  readonly status: string
  readonly phoneNumber: string
  readonly stale: boolean
}) => {
  const description = describeStatus(status)
  return (
    <div
      role="status"
      className={`rounded-md border px-4 py-3 ${TONE_LOOK[stale ? "unknown" : description.tone]}`}
      data-testid="session-status"
    >
      <p className="font-semibold">{stale ? `Last known: ${description.title}` : description.title}</p>
      {status === "WORKING" ? (
        <p>
          {phoneNumber === "" ? (
            "Phone number: not recorded yet (add it below)."
          ) : (
            <>
              Phone number: <span className="font-mono">{phoneNumber}</span>
            </>
          )}
        </p>
      ) : null}
      <p className="mt-1 text-sm">{description.advice}</p>
    </div>
  )
}

/** The QR code to scan, fetched again every few seconds while it is shown (WhatsApp replaces them). */
const QrCode = ({ sessionName }: { readonly sessionName: string }) => {
  const trpc = useTRPC()
  const qr = useQuery(
    trpc.user.getSessionQR.queryOptions({ sessionName }, { refetchInterval: QR_POLL_MS, staleTime: 0 })
  )
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
          hint="International format with the country code, e.g. +441234567890"
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
        WhatsApp may ban a number that sends many messages in quick succession at fixed times. With pacing on, Herald
        waits at least the gap, plus a random extra of up to the jitter, between two messages of this number (WAHA
        advises a random 30 to 60 seconds). Messages due at the same time then go one gap apart; one whose turn comes
        more than 2 minutes after its time is not sent late: it is recorded as missed and its campaign fails, so you see
        it.
      </p>
      {current.isPending ? (
        <Loading label="Loading pacing…" />
      ) : current.isError ? (
        <ErrorNote error={current.error} />
      ) : (
        <PacingFields sessionName={sessionName} saved={current.data} />
      )}
    </Card>
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
  const spread = Number(gap) + Number(jitter)
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {save.isError && gapError === undefined && jitterError === undefined ? (
        <Alert>{errorWithId(save.error)}</Alert>
      ) : null}
      {save.isSuccess ? <Alert kind="success">{on ? "Pacing saved." : "Pacing turned off."}</Alert> : null}
      <Checkbox
        label="Pace this number's messages"
        hint="Off: messages go out as soon as they are due."
        checked={on}
        onChange={(checked) => {
          setOn(checked)
          edited()
        }}
      />
      {on ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Gap (seconds)"
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
            hint="At least this long between two messages, 1 to 120."
          />
          <TextField
            label="Jitter (seconds)"
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
            hint="Plus a random extra of up to this; gap and jitter together at most 120."
          />
        </div>
      ) : null}
      {on && Number.isFinite(spread) && spread > 0 && spread <= 120 ? (
        <p className="text-sm text-slate-700">
          Of messages due at the same time,{" "}
          {sureToGoUnderPacing({ minGapSeconds: Number(gap), jitterSeconds: Number(jitter) }, LOOKBACK_MS)} are sure to
          go within the 2 minutes; more than that may be missed.
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save pacing"}
      </Button>
    </form>
  )
}

/** What the connected number can see: the same picker campaigns use, here only to look. */
const Browse = ({ sessionName }: { readonly sessionName: string }) => {
  const [looked, setLooked] = useState<Target | null>(null)
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">Groups and contacts this number can see</h2>
      <p className="mb-4 text-sm text-slate-700">
        Campaigns are sent to one of these. Choosing one here changes nothing: it only shows it.
      </p>
      <TargetPicker sessionName={sessionName} value={looked} onChange={setLooked} />
    </Card>
  )
}
