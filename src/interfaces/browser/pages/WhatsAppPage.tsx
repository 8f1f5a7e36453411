import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useEffect, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
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
  const { t } = useTranslation()
  const session = useMessagingSession()
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle>WhatsApp</PageTitle>
      {session.isPending ? (
        <Loading label={t("whatsapp.loading")} />
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
  const { t } = useTranslation()
  const trpc = useTRPC()
  const refresh = useRefreshSession()
  const connect = useMutation(trpc.user.initiateMessagingSession.mutationOptions({ onSuccess: refresh }))
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{t("whatsapp.notConnected")}</h2>
      <p>{t("whatsapp.intro")}</p>
      {connect.isError ? <ErrorNote error={connect.error} /> : null}
      <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
        {connect.isPending ? t("whatsapp.connecting") : t("whatsapp.connect")}
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
  const { t } = useTranslation()
  const status = useSessionStatus(session.sessionName, statusPollMs)
  const current = status.data?.status
  const connected = current === "WORKING" && !status.isError
  return (
    <>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">{t("whatsapp.connection")}</h2>
        {status.isError ? <ErrorNote error={status.error} /> : null}
        <LimitNote sessionName={session.sessionName} />
        {current === undefined ? (
          status.isError ? (
            <p>{t("whatsapp.statusUnknown")}</p>
          ) : (
            <Loading label={t("whatsapp.asking")} />
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
              {t("whatsapp.planCampaign")}
            </Link>
            <p className="text-sm text-slate-700">{t("whatsapp.planHint")}</p>
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
  const { t } = useTranslation()
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
        {t("whatsapp.limitTitle")}
      </h3>
      <p className="mb-2">
        {t("whatsapp.limitWhy")}{" "}
        {limit.data.untilKnown
          ? t("whatsapp.limitUntilKnown", { until, zone: zoneLabel(viewerTimeZone) })
          : t("whatsapp.limitUntilGuess", { until, zone: zoneLabel(viewerTimeZone) })}
      </p>
      <p className="mb-2">{t("whatsapp.limitMissed")}</p>
      <p>
        <Trans i18nKey="whatsapp.limitWhatToDo" components={{ strong: <strong /> }} />
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
  const { t } = useTranslation()
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
      <p className="font-semibold">
        {stale ? t("whatsapp.lastKnown", { title: description.title }) : description.title}
      </p>
      {status === "WORKING" && !stale ? <LinkedNumber sessionName={sessionName} recorded={recordedNumber} /> : null}
      <p className="mt-1 text-sm">{held ? t("whatsapp.heldAdvice") : description.advice}</p>
    </div>
  )
}

/** The connected phone's number as WhatsApp reports it, else the recorded one; a recorded one that differs is named too. */
const LinkedNumber = ({ sessionName, recorded }: { readonly sessionName: string; readonly recorded: string }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  // the number changes only with a new link (log out, connect again): asked for once a minute at most
  const linked = useQuery(trpc.session.getLinkedNumber.queryOptions({ sessionName }, { staleTime: 60_000 }))
  const reported = linked.data?.phoneNumber ?? null
  const name = linked.data?.name ?? null
  const number = reported ?? (recorded === "" ? null : recorded)
  if (number === null) return linked.isPending ? <p>{t("whatsapp.askingNumber")}</p> : <p>{t("whatsapp.noNumber")}</p>
  return (
    <>
      <p className="break-words">
        {name === null ? (
          <Trans i18nKey="whatsapp.number" values={{ number }} components={{ mono: <span className="font-mono" /> }} />
        ) : (
          <Trans
            i18nKey="whatsapp.numberNamed"
            values={{ number, name }}
            components={{ mono: <span className="font-mono" />, name: <bdi /> }}
          />
        )}
      </p>
      {reported !== null && recorded !== "" && recorded !== reported ? (
        <p className="text-sm">
          <Trans
            i18nKey="whatsapp.recorded"
            values={{ number: recorded }}
            components={{ mono: <span className="font-mono" /> }}
          />
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
const ReceiptsNote = ({ receipts }: { readonly receipts: "ON" | "NOT_CONFIGURED" | "NOT_REGISTERED" | "UNKNOWN" }) => {
  const { t } = useTranslation()
  return receipts === "NOT_CONFIGURED" || receipts === "NOT_REGISTERED" ? (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{receipts === "NOT_CONFIGURED" ? t("whatsapp.receiptsNotConfigured") : t("whatsapp.receiptsNotRegistered")}</p>
      <TechnicalDetails
        detail={
          receipts === "NOT_CONFIGURED"
            ? "GATEWAY_WEBHOOK_SECRET is not set on the web process, so no session gets a webhook (docs: Delivery receipts)."
            : "The session's webhooks at WAHA include none to this Herald's /api/webhooks/waha for message.ack or message.ack.group (made before GATEWAY_WEBHOOK_SECRET or AUTH_URL was set or changed, or WAHA refused the events)."
        }
      />
    </div>
  ) : null
}

/**
 * The QR code to scan. It is asked for only after a status read that said a code is needed
 * (`statusReadAt`), and again after later ones once it is a few seconds old (WhatsApp replaces
 * codes): never on its own timer, which would ask after the phone scanned it (a refused request).
 */
const QrCode = ({ sessionName, statusReadAt }: { readonly sessionName: string; readonly statusReadAt: number }) => {
  const { t } = useTranslation()
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
        <li>{t("whatsapp.qrStep1")}</li>
        <li>
          <Trans i18nKey="whatsapp.qrStep2" components={{ strong: <strong /> }} />
        </li>
        <li>{t("whatsapp.qrStep3")}</li>
      </ol>
      {qr.data !== undefined ? (
        <img
          src={`data:image/png;base64,${qr.data.qr}`}
          alt={t("whatsapp.qrAlt")}
          className="h-64 w-64 max-w-full border border-slate-200 bg-white [image-rendering:pixelated]"
        />
      ) : qr.isError ? null : (
        <Loading label={t("whatsapp.qrLoading")} />
      )}
      {qr.isError ? <ErrorNote error={qr.error} /> : null}
    </div>
  )
}

const Actions = ({ session }: { readonly session: SessionView }) => {
  const { t } = useTranslation()
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
      {restart.isSuccess && !restart.isPending ? <Alert kind="success">{t("whatsapp.restartRequested")}</Alert> : null}
      {logout.isError ? <ErrorNote error={logout.error} /> : null}
      {confirming ? (
        <div
          role="group"
          aria-labelledby="logout-question"
          className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4"
        >
          <p id="logout-question" className="text-sm text-red-900">
            {t("whatsapp.logoutQuestion")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => logout.mutate({ sessionName: session.sessionName })}
            >
              {logout.isPending ? t("whatsapp.loggingOut") : t("whatsapp.yesLogOut")}
            </Button>
            <Button variant="secondary" disabled={logout.isPending} onClick={() => setConfirming(false)}>
              {t("whatsapp.cancel")}
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
            {restart.isPending ? t("whatsapp.restarting") : t("whatsapp.restart")}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {t("whatsapp.logOut")}
          </Button>
        </div>
      )}
    </div>
  )
}

const PhoneNumberForm = ({ session }: { readonly session: SessionView }) => {
  const { t } = useTranslation()
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
      <h2 className="mb-3 text-lg font-semibold">{t("whatsapp.phoneTitle")}</h2>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {save.isError && fieldError === undefined ? <Alert>{errorWithId(save.error)}</Alert> : null}
        {save.isSuccess ? <Alert kind="success">{t("whatsapp.phoneSaved")}</Alert> : null}
        <TextField
          label={t("whatsapp.phoneLabel")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={phoneNumber}
          onChange={(e) => {
            setPhoneNumber(e.target.value)
            if (!save.isPending) save.reset()
          }}
          error={fieldError}
          hint={t("whatsapp.phoneHint")}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("common.saving") : t("whatsapp.savePhone")}
        </Button>
      </form>
    </Card>
  )
}

/** Pacing: the least time between two sends of this number, and a random part on top. */
const PacingForm = ({ sessionName }: { readonly sessionName: string }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const current = useQuery(trpc.session.getPacing.queryOptions({ sessionName }))
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">{t("whatsapp.pacingTitle")}</h2>
      <p className="mb-4 text-sm text-slate-700">{t("whatsapp.pacingIntro")}</p>
      {current.isPending ? (
        <Loading label={t("whatsapp.pacingLoading")} />
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
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const current = useQuery(trpc.session.getTyping.queryOptions({ sessionName }))
  const save = useMutation(
    trpc.session.setTyping.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.session.getTyping.queryKey({ sessionName }) })
    })
  )
  if (current.isPending) return <Loading label={t("whatsapp.typingLoading")} />
  if (current.isError) return <ErrorNote error={current.error} />
  const on = save.isPending && save.variables !== undefined ? save.variables.on : current.data.on
  return (
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <Checkbox
        label={t("whatsapp.typingLabel")}
        checked={on}
        onChange={(checked) => save.mutate({ sessionName, on: checked })}
        hint={t("whatsapp.typingHint")}
      />
      {save.isError ? <Alert>{errorWithId(save.error)}</Alert> : null}
      {save.isSuccess ? (
        <Alert kind="success">{save.variables.on ? t("whatsapp.typingOn") : t("whatsapp.typingOff")}</Alert>
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
  const { t } = useTranslation()
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
      {save.isSuccess ? <Alert kind="success">{on ? t("whatsapp.pacingSaved") : t("whatsapp.pacingOff")}</Alert> : null}
      <p className="text-sm" data-testid="pacing-saved">
        <Trans
          i18nKey="whatsapp.setNow"
          values={{ summary: pacingSummary(saved) }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Checkbox
        label={t("whatsapp.paceLabel")}
        checked={on}
        onChange={(checked) => {
          setOn(checked)
          edited()
        }}
      />
      {on ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("whatsapp.gapLabel")}
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
            hint={t("whatsapp.gapHint", { max: PACING_MAX_SECONDS })}
          />
          <TextField
            label={t("whatsapp.jitterLabel")}
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
            hint={t("whatsapp.jitterHint", { max: PACING_MAX_SECONDS })}
          />
        </div>
      ) : null}
      {sensible ? (
        <div className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="pacing-effect">
          {changed ? (
            <p>
              <Trans
                i18nKey="whatsapp.onceSaved"
                values={{ summary: pacingSummary(wanted) }}
                components={{ strong: <strong /> }}
              />
            </p>
          ) : null}
          <p>{pacingExample(wanted)}</p>
        </div>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t("common.saving") : t("whatsapp.savePacing")}
      </Button>
    </form>
  )
}
