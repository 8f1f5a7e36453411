import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import type { FormEvent } from "react"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { fieldErrors, useTRPC } from "../trpc.ts"
import { ErrorAlert } from "../ui/account.tsx"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { dateExample, unreadableDate } from "../ui/fieldText.ts"
import { formatDateTime } from "../ui/format.ts"
import { Alert, Button, Card, Loading, PageTitle, SelectField, TextField } from "../ui/kit.tsx"
import { DateField } from "../ui/PageFormatFields.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { ShownOnce } from "../ui/ShownOnce.tsx"

type ApiKey = inferRouterOutputs<AppRouter>["apiKey"]["list"]["items"][number]

/**
 * The end of a chosen day in the viewer's zone, as an instant: a key "expiring on" a day works all
 * that day. Null for text that is no date (a browser showing the field as a plain text box).
 */
const endOfDay = (date: string): string | null => {
  const end = new Date(`${date}T23:59:59`)
  return Number.isNaN(end.getTime()) ? null : end.toISOString()
}

/** The key just made: shown this once (ShownOnce). */
const NewKey = ({
  name,
  secret,
  onDone
}: {
  readonly name: string
  readonly secret: string
  readonly onDone: () => void
}) => {
  const { t } = useTranslation()
  return (
    <ShownOnce
      title={<Trans i18nKey="apiKeys.newTitle" values={{ name }} components={{ name: <bdi /> }} />}
      explanation={t("apiKeys.newExplanation")}
      label={t("apiKeys.newLabel")}
      secret={secret}
      onDone={onDone}
    />
  )
}

const CreateKey = ({ onCreated }: { readonly onCreated: (made: { name: string; key: string }) => void }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [name, setName] = useState("")
  const [access, setAccess] = useState<"read" | "write">("read")
  const [expires, setExpires] = useState("")
  const [badDate, setBadDate] = useState<string | null>(null)
  const create = useMutation({
    ...trpc.apiKey.create.mutationOptions({
      onSuccess: (made) => {
        onCreated({ name: name.trim(), key: made.key })
        setName("")
        setExpires("")
        // the key lives on only where it is shown: not in the mutation's cache
        create.reset()
        void queryClient.invalidateQueries(trpc.apiKey.list.pathFilter())
      }
    }),
    gcTime: 0
  })
  const errors = create.isError ? fieldErrors(create.error) : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const expiresAt = expires === "" ? null : endOfDay(expires)
    const problem =
      unreadableDate(expires) ??
      (expires !== "" && expiresAt === null ? t("apiKeys.badDate", { example: dateExample() }) : null)
    setBadDate(problem)
    if (problem !== null) return
    create.mutate({ name, access, ...(expiresAt === null ? {} : { expiresAt }) })
  }
  const dateError = badDate ?? errors["expiresAt"]
  const fieldError = errors["name"] ?? dateError
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("apiKeys.create")}</h2>
      <form onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-3" noValidate>
        <TextField
          label={t("apiKeys.name")}
          hint={t("apiKeys.nameHint")}
          value={name}
          maxLength={60}
          required
          onChange={(event) => setName(event.target.value)}
          error={errors["name"]}
        />
        <SelectField
          label={t("apiKeys.access")}
          value={access}
          onChange={(event) => setAccess(event.target.value === "write" ? "write" : "read")}
        >
          <option value="read">{t("apiKeys.readOnly")}</option>
          <option value="write">{t("apiKeys.readWrite")}</option>
        </SelectField>
        <DateField label={t("apiKeys.expiresOn")} value={expires} onChange={setExpires} error={dateError} />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("apiKeys.creating") : t("apiKeys.createKey")}
          </Button>
        </div>
      </form>
      {create.isError && fieldError === undefined ? (
        <div className="mt-3">
          <ErrorAlert error={create.error} />
        </div>
      ) : null}
    </Card>
  )
}

const KeyRow = ({ apiKey }: { readonly apiKey: ApiKey }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const revoke = useMutation(
    trpc.apiKey.revoke.mutationOptions({
      onSuccess: () => {
        announce(t("apiKeys.revokedAnnounce", { name: apiKey.name }))
        focusPageHeading()
        void queryClient.invalidateQueries(trpc.apiKey.list.pathFilter())
      }
    })
  )
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= Date.now()
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="min-w-24 py-2 pr-3 text-left font-medium break-words" dir="auto">
        {apiKey.name}
      </th>
      <td className="py-2 pr-3">{apiKey.access === "write" ? t("apiKeys.readWrite") : t("apiKeys.readOnly")}</td>
      {/* on a phone the row keeps what decides about a key: its last use and its state (Expired says it) */}
      <td className="hidden py-2 pr-3 sm:table-cell">{formatDateTime(apiKey.createdAt)}</td>
      <td className="py-2 pr-3">
        {apiKey.lastUsedAt === null ? t("apiKeys.never") : formatDateTime(apiKey.lastUsedAt)}
      </td>
      <td className="hidden py-2 pr-3 sm:table-cell">
        {apiKey.expiresAt === null ? t("apiKeys.never") : formatDateTime(apiKey.expiresAt)}
      </td>
      <td className="py-2 pr-3">
        {apiKey.revoked ? t("apiKeys.revoked") : expired ? t("apiKeys.expired") : t("apiKeys.inUse")}
      </td>
      <td className="py-2">
        {apiKey.revoked ? null : (
          <ConfirmButton
            small
            label={t("apiKeys.revoke")}
            accessibleLabel={t("apiKeys.revokeThe", { name: apiKey.name })}
            question={
              <Trans i18nKey="apiKeys.revokeQuestion" values={{ name: apiKey.name }} components={{ name: <bdi /> }} />
            }
            confirmLabel={t("apiKeys.yesRevoke")}
            keepLabel={t("apiKeys.noKeep")}
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate({ id: apiKey.id })}
          />
        )}
        {revoke.isError ? <ErrorAlert error={revoke.error} /> : null}
      </td>
    </tr>
  )
}

const COLUMNS = ["name", "access", "created", "lastUsed", "expires", "status"] as const

const KeyList = () => {
  const { t } = useTranslation()
  const columnName = {
    name: t("apiKeys.name"),
    access: t("apiKeys.access"),
    created: t("apiKeys.created"),
    lastUsed: t("apiKeys.lastUsed"),
    expires: t("apiKeys.expires"),
    status: t("apiKeys.status")
  } as const
  const trpc = useTRPC()
  const keys = useQuery(trpc.apiKey.list.queryOptions())
  if (keys.isPending) return <Loading label={t("apiKeys.loading")} />
  if (keys.isError) return <ErrorAlert error={keys.error} />
  if (keys.data.items.length === 0) return <p className="text-slate-700">{t("apiKeys.none")}</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("apiKeys.caption")}</caption>
        <thead>
          <tr className="text-left text-slate-700">
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={
                  column === "created" || column === "expires" ? "hidden py-2 pr-3 sm:table-cell" : "py-2 pr-3"
                }
              >
                {columnName[column]}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">{t("apiKeys.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.data.items.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The account's personal API keys (docs/api.md#api-keys): create one (shown once), see them, revoke them. */
export const ApiKeysPage = () => {
  const { t } = useTranslation()
  const [made, setMade] = useState<{ name: string; key: string } | null>(null)
  return (
    <div className="space-y-6">
      <PageTitle>{t("layout.apiKeys")}</PageTitle>
      <Alert kind="info">
        <Trans i18nKey="apiKeys.intro" components={{ code: <code /> }} />
      </Alert>
      {made === null ? null : (
        <NewKey
          name={made.name}
          secret={made.key}
          onDone={() => {
            setMade(null)
            focusPageHeading()
          }}
        />
      )}
      <CreateKey onCreated={setMade} />
      <section aria-labelledby="your-keys" className="space-y-2">
        <h2 id="your-keys" className="text-lg font-semibold">
          {t("apiKeys.yours")}
        </h2>
        <KeyList />
      </section>
    </div>
  )
}
