import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import i18next from "i18next"
import type { FormEvent } from "react"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { WebhookEventType } from "../../../domain/webhook/Webhook.ts"
import { WEBHOOK_EVENT_TYPES } from "../../../domain/webhook/Webhook.ts"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { fieldErrors, useTRPC } from "../trpc.ts"
import { ErrorAlert } from "../ui/account.tsx"
import { Checkbox } from "../ui/Choice.tsx"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { formatDateTime } from "../ui/format.ts"
import { Alert, Button, Card, Loading, PageTitle, TextField } from "../ui/kit.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { ShownOnce } from "../ui/ShownOnce.tsx"

type Endpoint = inferRouterOutputs<AppRouter>["webhookEndpoint"]["list"]["items"][number]
type Delivery = Endpoint["deliveries"][number]

/** Each event in the organiser's words, in the language on screen (the page never shows the event's code name alone). */
const eventWordsOf = (type: WebhookEventType | "ping"): string => {
  switch (type) {
    case "message.sent":
      return i18next.t("webhooks.event.messageSent")
    case "message.failed":
      return i18next.t("webhooks.event.messageFailed")
    case "message.outcome_unknown":
      return i18next.t("webhooks.event.messageOutcomeUnknown")
    case "message.delivered":
      return i18next.t("webhooks.event.messageDelivered")
    case "message.read":
      return i18next.t("webhooks.event.messageRead")
    case "campaign.completed":
      return i18next.t("webhooks.event.campaignCompleted")
    case "campaign.failed":
      return i18next.t("webhooks.event.campaignFailed")
    case "session.status":
      return i18next.t("webhooks.event.sessionStatus")
    case "poll.vote":
      return i18next.t("webhooks.event.pollVote")
    case "ping":
      return i18next.t("webhooks.event.ping")
  }
}
const KNOWN_EVENTS: ReadonlySet<string> = new Set<string>([...WEBHOOK_EVENT_TYPES, "ping"])
const isKnownEvent = (type: string): type is WebhookEventType | "ping" => KNOWN_EVENTS.has(type)
const eventWords = (type: string): string => (isKnownEvent(type) ? eventWordsOf(type) : type)

/** Where a delivery is, in a few words. */
const stateWords = (d: Delivery): string =>
  d.status === "delivered"
    ? i18next.t("webhooks.delivered")
    : d.status === "failed"
      ? i18next.t("webhooks.notDelivered")
      : d.attempts === 0
        ? i18next.t("webhooks.waiting")
        : d.nextAttemptAt === null
          ? i18next.t("webhooks.notDelivered")
          : i18next.t("webhooks.retrying", { when: formatDateTime(d.nextAttemptAt) })

/** The secret just made: shown this once (ShownOnce). */
const NewSecret = ({
  url,
  secret,
  onDone
}: {
  readonly url: string
  readonly secret: string
  readonly onDone: () => void
}) => {
  const { t } = useTranslation()
  return (
    <ShownOnce
      title={t("webhooks.secretTitle", { url })}
      explanation={t("webhooks.secretExplanation")}
      label={t("webhooks.secretLabel")}
      secret={secret}
      onDone={onDone}
    />
  )
}

const CreateEndpoint = ({ onCreated }: { readonly onCreated: (made: { url: string; secret: string }) => void }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [url, setUrl] = useState("")
  const [events, setEvents] = useState<ReadonlyArray<WebhookEventType>>(["message.sent", "message.failed"])
  const eventsId = useId()
  const create = useMutation({
    ...trpc.webhookEndpoint.create.mutationOptions({
      onSuccess: (made) => {
        onCreated({ url: url.trim(), secret: made.secret })
        setUrl("")
        // the secret lives on only where it is shown: not in the mutation's cache
        create.reset()
        void queryClient.invalidateQueries(trpc.webhookEndpoint.list.pathFilter())
      }
    }),
    gcTime: 0
  })
  const errors = create.isError ? fieldErrors(create.error) : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({ url, events: [...events] })
  }
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((other) => other !== type)))
  const fieldError = errors["url"] ?? errors["events"]
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("webhooks.add")}</h2>
      <form onSubmit={submit} className="mt-3 space-y-4" noValidate>
        <TextField
          label={t("webhooks.address")}
          hint={t("webhooks.addressHint")}
          type="url"
          inputMode="url"
          value={url}
          required
          onChange={(event) => setUrl(event.target.value)}
          error={errors["url"]}
        />
        <fieldset aria-describedby={errors["events"] === undefined ? undefined : `${eventsId}-error`}>
          <legend className="text-sm font-medium text-slate-800">{t("webhooks.events")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={eventWordsOf(type)}
                checked={events.includes(type)}
                onChange={(on) => toggle(type, on)}
              />
            ))}
          </div>
          {errors["events"] === undefined ? null : (
            <p id={`${eventsId}-error`} className="mt-1 text-sm text-red-800">
              {errors["events"]}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("webhooks.adding") : t("webhooks.addEndpoint")}
        </Button>
      </form>
      {create.isError && fieldError === undefined ? (
        <div className="mt-3">
          <ErrorAlert error={create.error} />
        </div>
      ) : null}
    </Card>
  )
}

const Deliveries = ({ endpoint }: { readonly endpoint: Endpoint }) => {
  const { t } = useTranslation()
  return endpoint.deliveries.length === 0 ? (
    <p className="text-sm text-slate-700">{t("webhooks.nothingYet")}</p>
  ) : (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("webhooks.caption", { url: endpoint.url })}</caption>
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="py-2 pr-3">
              {t("webhooks.when")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("webhooks.event.title")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("webhooks.result")}
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              {t("webhooks.attempts")}
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoint.deliveries.map((d) => (
            <tr key={d.id} className="border-t border-slate-200 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</td>
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                {eventWords(d.type)}
              </th>
              <td className="py-2 pr-3">
                <span className="font-medium">{stateWords(d)}</span>
                {/* a delivered one needs no more words; a failed one says why */}
                {d.outcome === null || d.status === "delivered" ? null : (
                  <span className="block text-slate-700 break-words">{d.outcome}</span>
                )}
              </td>
              <td className="hidden py-2 pr-3 sm:table-cell">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const EndpointCard = ({ endpoint }: { readonly endpoint: Endpoint }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries(trpc.webhookEndpoint.list.pathFilter())
  const ping = useMutation(trpc.webhookEndpoint.ping.mutationOptions({ onSuccess: refresh }))
  const remove = useMutation(
    trpc.webhookEndpoint.delete.mutationOptions({
      onSuccess: () => {
        announce(t("webhooks.deletedAnnounce", { url: endpoint.url }))
        focusPageHeading()
        refresh()
      }
    })
  )
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <h3 id={headingId} className="font-semibold break-all">
          {endpoint.url}
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          {t("webhooks.added", {
            when: formatDateTime(endpoint.createdAt),
            events: endpoint.events.map(eventWords).join("; ")
          })}
        </p>
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <Button variant="secondary" disabled={ping.isPending} onClick={() => ping.mutate({ id: endpoint.id })}>
            {ping.isPending ? t("webhooks.sendingTest") : t("webhooks.sendTest")}
          </Button>
          <ConfirmButton
            label={t("webhooks.delete")}
            accessibleLabel={t("webhooks.deleteThe", { url: endpoint.url })}
            question={t("webhooks.deleteQuestion", { url: endpoint.url })}
            confirmLabel={t("webhooks.yesDelete")}
            keepLabel={t("apiKeys.noKeep")}
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ id: endpoint.id })}
          />
        </div>
        <div className="mt-3" aria-live="polite">
          {ping.isSuccess ? (
            <Alert kind={ping.data.delivered ? "success" : "warning"}>
              {ping.data.delivered
                ? t("webhooks.testDelivered", { status: ping.data.responseStatus })
                : t("webhooks.testNotDelivered", { outcome: ping.data.outcome })}
            </Alert>
          ) : null}
        </div>
        {ping.isError ? <ErrorAlert error={ping.error} /> : null}
        {remove.isError ? <ErrorAlert error={remove.error} /> : null}
        <h4 className="mt-4 text-sm font-semibold">{t("webhooks.recent")}</h4>
        <Deliveries endpoint={endpoint} />
      </Card>
    </section>
  )
}

const EndpointList = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  // a delivery's result comes in the background: the list looks again every few seconds
  const endpoints = useQuery({ ...trpc.webhookEndpoint.list.queryOptions(), refetchInterval: 10_000 })
  if (endpoints.isPending) return <Loading label={t("webhooks.loading")} />
  if (endpoints.isError) return <ErrorAlert error={endpoints.error} />
  if (endpoints.data.items.length === 0) return <p className="text-slate-700">{t("webhooks.none")}</p>
  return (
    <div className="space-y-4">
      {endpoints.data.items.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} />
      ))}
    </div>
  )
}

/**
 * The account's outgoing webhooks (docs/api.md#webhooks): add an endpoint (its secret shown
 * once), see each one's recent deliveries, send a test, delete one.
 */
export const WebhooksPage = () => {
  const { t } = useTranslation()
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null)
  return (
    <div className="space-y-6">
      <PageTitle>{t("layout.webhooks")}</PageTitle>
      <Alert kind="info">{t("webhooks.intro")}</Alert>
      {made === null ? null : (
        <NewSecret
          url={made.url}
          secret={made.secret}
          onDone={() => {
            setMade(null)
            focusPageHeading()
          }}
        />
      )}
      <CreateEndpoint onCreated={setMade} />
      <section aria-labelledby="your-endpoints" className="space-y-2">
        <h2 id="your-endpoints" className="text-lg font-semibold">
          {t("webhooks.yours")}
        </h2>
        <EndpointList />
      </section>
    </div>
  )
}
