import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import type { FormEvent } from "react"
import { useId, useState } from "react"
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

/** Each event in the organiser's words (the page never shows the event's code name alone). */
const EVENT_WORDS: Readonly<Record<WebhookEventType | "ping", string>> = {
  "message.sent": "A message was sent",
  "message.failed": "A message could not be sent",
  "message.outcome_unknown": "It is unknown whether a message was sent",
  "message.delivered": "A message reached a phone",
  "message.read": "A message was read",
  "campaign.completed": "A campaign finished",
  "campaign.failed": "A campaign failed",
  "session.status": "The WhatsApp connection changed state",
  "poll.vote": "Someone voted on a poll",
  ping: "Test"
}
const WORDS_OF: ReadonlyMap<string, string> = new Map(Object.entries(EVENT_WORDS))
const eventWords = (type: string): string => WORDS_OF.get(type) ?? type

/** Where a delivery is, in a few words. */
const stateWords = (d: Delivery): string =>
  d.status === "delivered"
    ? "Delivered"
    : d.status === "failed"
      ? "Not delivered"
      : d.attempts === 0
        ? "Waiting to be sent"
        : d.nextAttemptAt === null
          ? "Not delivered"
          : `Failed, trying again at ${formatDateTime(d.nextAttemptAt)}`

/** The secret just made: shown this once (ShownOnce). */
const NewSecret = ({
  url,
  secret,
  onDone
}: {
  readonly url: string
  readonly secret: string
  readonly onDone: () => void
}) => (
  <ShownOnce
    title={`Signing secret for ${url}`}
    explanation="Copy it now and give it to the service at that address: Herald shows it only this once. The service uses it to check that each call really comes from Herald."
    label="Your endpoint's signing secret"
    noun="secret"
    secret={secret}
    onDone={onDone}
  />
)

const CreateEndpoint = ({ onCreated }: { readonly onCreated: (made: { url: string; secret: string }) => void }) => {
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
    setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)))
  const fieldError = errors["url"] ?? errors["events"]
  return (
    <Card>
      <h2 className="text-lg font-semibold">Add an endpoint</h2>
      <form onSubmit={submit} className="mt-3 space-y-4" noValidate>
        <TextField
          label="Address (URL)"
          hint="Where Herald sends the events, e.g. https://example.com/herald-events"
          type="url"
          inputMode="url"
          value={url}
          required
          onChange={(event) => setUrl(event.target.value)}
          error={errors["url"]}
        />
        <fieldset aria-describedby={errors["events"] === undefined ? undefined : `${eventsId}-error`}>
          <legend className="text-sm font-medium text-slate-800">Events to send</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={EVENT_WORDS[type]}
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
          {create.isPending ? "Adding…" : "Add endpoint"}
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

const Deliveries = ({ endpoint }: { readonly endpoint: Endpoint }) =>
  endpoint.deliveries.length === 0 ? (
    <p className="text-sm text-slate-700">Nothing sent yet.</p>
  ) : (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Recent deliveries to {endpoint.url}, newest first</caption>
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="py-2 pr-3">
              When
            </th>
            <th scope="col" className="py-2 pr-3">
              Event
            </th>
            <th scope="col" className="py-2 pr-3">
              Result
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              Attempts
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

const EndpointCard = ({ endpoint }: { readonly endpoint: Endpoint }) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries(trpc.webhookEndpoint.list.pathFilter())
  const ping = useMutation(trpc.webhookEndpoint.ping.mutationOptions({ onSuccess: refresh }))
  const remove = useMutation(
    trpc.webhookEndpoint.delete.mutationOptions({
      onSuccess: () => {
        announce(`The endpoint ${endpoint.url} is deleted`)
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
          Added {formatDateTime(endpoint.createdAt)}. Sends: {endpoint.events.map(eventWords).join("; ")}.
        </p>
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <Button variant="secondary" disabled={ping.isPending} onClick={() => ping.mutate({ id: endpoint.id })}>
            {ping.isPending ? "Sending a test…" : "Send a test"}
          </Button>
          <ConfirmButton
            label="Delete"
            accessibleLabel={`Delete the endpoint ${endpoint.url}`}
            question={`Delete ${endpoint.url}? Events not yet delivered to it are dropped.`}
            confirmLabel="Yes, delete"
            keepLabel="No, keep it"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ id: endpoint.id })}
          />
        </div>
        <div className="mt-3" aria-live="polite">
          {ping.isSuccess ? (
            <Alert kind={ping.data.delivered ? "success" : "warning"}>
              {ping.data.delivered
                ? `The test was delivered (the endpoint answered ${ping.data.responseStatus}).`
                : `The test was not delivered. ${ping.data.outcome}`}
            </Alert>
          ) : null}
        </div>
        {ping.isError ? <ErrorAlert error={ping.error} /> : null}
        {remove.isError ? <ErrorAlert error={remove.error} /> : null}
        <h4 className="mt-4 text-sm font-semibold">Recent deliveries</h4>
        <Deliveries endpoint={endpoint} />
      </Card>
    </section>
  )
}

const EndpointList = () => {
  const trpc = useTRPC()
  // a delivery's result comes in the background: the list looks again every few seconds
  const endpoints = useQuery({ ...trpc.webhookEndpoint.list.queryOptions(), refetchInterval: 10_000 })
  if (endpoints.isPending) return <Loading label="Loading your endpoints…" />
  if (endpoints.isError) return <ErrorAlert error={endpoints.error} />
  if (endpoints.data.items.length === 0) return <p className="text-slate-700">You have no webhook endpoints yet.</p>
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
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null)
  return (
    <div className="space-y-6">
      <PageTitle>Webhooks</PageTitle>
      <Alert kind="info">
        Herald can tell another service when your messages are sent, fail, reach phones or are read, when campaigns
        finish or fail, and when your WhatsApp connection changes. Each call is signed with the endpoint's secret, and
        retried for a day until the service accepts it.
      </Alert>
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
          Your endpoints
        </h2>
        <EndpointList />
      </section>
    </div>
  )
}
