import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import i18next from "i18next"
import type { ReactNode } from "react"
import { useEffect, useRef, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { useMe } from "../session.tsx"
import { useTRPC } from "../trpc.ts"
import { ErrorAlert } from "../ui/account.tsx"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { Button, Card, Loading, PageTitle, SelectField } from "../ui/kit.tsx"

type User = inferRouterOutputs<AppRouter>["admin"]["listUsers"]["items"][number]
type Status = User["status"]

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-medium"

/** Every status's colour; its words are statusLabel's. */
const STATUS_LOOK: Record<Status, string> = {
  ACTIVE: "bg-green-100 text-green-900",
  PENDING: "bg-amber-100 text-amber-900",
  REJECTED: "bg-slate-200 text-slate-800",
  DISABLED: "bg-red-100 text-red-900"
}

/** Every status in plain words, in the language on screen. */
const statusLabel = (status: Status): string => {
  switch (status) {
    case "ACTIVE":
      return i18next.t("admin.active")
    case "PENDING":
      return i18next.t("admin.pending")
    case "REJECTED":
      return i18next.t("admin.declined")
    case "DISABLED":
      return i18next.t("admin.disabled")
  }
}

const StatusBadge = ({ status }: { readonly status: Status }) => (
  <span className={`${badge} ${STATUS_LOOK[status]}`}>{statusLabel(status)}</span>
)

const RoleBadge = ({ role }: { readonly role: User["role"] }) => {
  const { t } = useTranslation()
  return role === "ADMIN" ? (
    <span className={`${badge} bg-sky-100 text-sky-900`}>{t("admin.roleAdmin")}</span>
  ) : (
    <span className={`${badge} bg-slate-100 text-slate-800`}>{t("admin.roleUser")}</span>
  )
}

const Section = ({
  id,
  title,
  children
}: {
  readonly id: string
  readonly title: string
  readonly children: ReactNode
}) => (
  <section aria-labelledby={id} className="space-y-3">
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
    {children}
  </section>
)

/** A decision on one account: its own mutation, so each row shows its own progress and failure. */
const useDecision = (procedure: "approveUser" | "rejectUser" | "disableUser" | "enableUser") => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin[procedure].mutationOptions({
      // every list changes: the account moves from one status to another
      onSuccess: () => queryClient.invalidateQueries(trpc.admin.listUsers.pathFilter())
    })
  )
}

const who = (user: User) => i18next.t("admin.who", { name: user.name, email: user.email })

/** One waiting account: approve it, or decline it (asked first). */
const PendingAccount = ({ user }: { readonly user: User }) => {
  const { t } = useTranslation()
  const approve = useDecision("approveUser")
  const decline = useDecision("rejectUser")
  const failed = approve.isError ? approve.error : decline.isError ? decline.error : null
  return (
    <li>
      <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium" dir="auto">
            {user.name}
          </p>
          <p className="break-all text-sm text-slate-700">{user.email}</p>
          {user.emailVerified ? null : <p className="text-sm text-amber-900">{t("admin.notConfirmed")}</p>}
          {failed === null ? null : (
            <div className="mt-2">
              <ErrorAlert error={failed} />
            </div>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Button
            onClick={() => approve.mutate({ userId: user.id })}
            disabled={approve.isPending || approve.isSuccess || decline.isPending}
            aria-label={t("admin.approveWho", { who: who(user) })}
          >
            {approve.isPending ? t("admin.approving") : approve.isSuccess ? t("admin.approved") : t("admin.approve")}
          </Button>
          <ConfirmButton
            label={t("admin.decline")}
            accessibleLabel={t("admin.declineWho", { who: who(user) })}
            question={
              <Trans i18nKey="admin.declineQuestion" values={{ name: user.name }} components={{ name: <bdi /> }} />
            }
            confirmLabel={t("admin.yesDecline")}
            keepLabel={t("admin.keepWaiting")}
            pending={decline.isPending}
            onConfirm={() => decline.mutate({ userId: user.id })}
          />
        </div>
      </Card>
    </li>
  )
}

const PendingAccounts = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const pending = useQuery(trpc.admin.listUsers.queryOptions({ status: "PENDING" }))
  if (pending.isPending) return <Loading label={t("admin.loadingWaiting")} />
  if (pending.isError) {
    return (
      <div className="space-y-2">
        <ErrorAlert error={pending.error} />
        <Button variant="secondary" onClick={() => void pending.refetch()}>
          {t("common.tryAgain")}
        </Button>
      </div>
    )
  }
  if (pending.data.items.length === 0) return <p className="text-slate-700">{t("admin.noneWaiting")}</p>
  return (
    <ul className="space-y-3" aria-label={t("admin.waitingList")}>
      {pending.data.items.map((user) => (
        <PendingAccount key={user.id} user={user} />
      ))}
    </ul>
  )
}

/**
 * What the admin can do with an account in the table: disable an active one, enable a disabled
 * or declined one (each asked first). Not their own (the server refuses it too), and a waiting
 * one is decided on in the list above.
 */
const AccountActions = ({ user, self }: { readonly user: User; readonly self: boolean }) => {
  const { t } = useTranslation()
  const disable = useDecision("disableUser")
  const enable = useDecision("enableUser")
  const failed = disable.isError ? disable.error : enable.isError ? enable.error : null
  // once a decision of this row lands, the question's buttons are gone: the focus goes to the
  // row's next control (Enable after Disable), not to the page's start
  const box = useRef<HTMLDivElement>(null)
  /** the status a decision of this row left, until the list shows the new one */
  const decidedFrom = useRef<Status | null>(null)
  useEffect(() => {
    if (decidedFrom.current === null || decidedFrom.current === user.status) return
    decidedFrom.current = null
    box.current?.querySelector<HTMLButtonElement>("button")?.focus()
  }, [user.status])
  const decide = (mutation: typeof disable) => {
    decidedFrom.current = user.status
    mutation.mutate(
      { userId: user.id },
      {
        onError: () => {
          decidedFrom.current = null
        }
      }
    )
  }
  const action = (() => {
    if (self) return <span className="text-slate-700">{t("admin.thisIsYou")}</span>
    switch (user.status) {
      case "PENDING":
        return <span className="text-slate-700">{t("admin.decideAbove")}</span>
      case "ACTIVE":
        return (
          // keyed: once the account changes, the other question starts closed (not this one's state)
          <ConfirmButton
            key="disable"
            small
            label={t("admin.disable")}
            accessibleLabel={t("admin.disableWho", { who: who(user) })}
            question={
              <Trans i18nKey="admin.disableQuestion" values={{ name: user.name }} components={{ name: <bdi /> }} />
            }
            confirmLabel={t("admin.yesDisable")}
            keepLabel={t("admin.keepActive")}
            pending={disable.isPending}
            onConfirm={() => decide(disable)}
          />
        )
      case "DISABLED":
      case "REJECTED":
        return (
          <ConfirmButton
            key={`enable-${user.status}`}
            small
            label={t("admin.enable")}
            accessibleLabel={t("admin.enableWho", { who: who(user) })}
            question={
              user.status === "DISABLED" ? (
                <Trans i18nKey="admin.enableAgain" values={{ name: user.name }} components={{ name: <bdi /> }} />
              ) : (
                <Trans i18nKey="admin.letIn" values={{ name: user.name }} components={{ name: <bdi /> }} />
              )
            }
            confirmLabel={t("admin.yesEnable")}
            keepLabel={user.status === "DISABLED" ? t("admin.keepDisabled") : t("admin.keepDeclined")}
            pending={enable.isPending}
            onConfirm={() => decide(enable)}
          />
        )
    }
  })()
  return (
    <div ref={box} className="space-y-2">
      {action}
      {failed === null ? null : <ErrorAlert error={failed} />}
    </div>
  )
}

const FILTERS: ReadonlyArray<Status | "ALL"> = ["ALL", "ACTIVE", "PENDING", "DISABLED", "REJECTED"]

const filterLabel = (filter: Status | "ALL"): string =>
  filter === "ALL" ? i18next.t("admin.allAccounts") : statusLabel(filter)

const emptyText = (filter: Status | "ALL"): string => {
  switch (filter) {
    case "ALL":
      return i18next.t("admin.emptyAll")
    case "ACTIVE":
      return i18next.t("admin.emptyActive")
    case "PENDING":
      return i18next.t("admin.noneWaiting")
    case "DISABLED":
      return i18next.t("admin.emptyDisabled")
    case "REJECTED":
      return i18next.t("admin.emptyDeclined")
  }
}

const isFilter = (value: string): value is Status | "ALL" => FILTERS.some((f) => f === value)

const AllAccounts = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const me = useMe()
  const [filter, setFilter] = useState<Status | "ALL">("ALL")
  const all = useQuery(trpc.admin.listUsers.queryOptions(filter === "ALL" ? {} : { status: filter }))
  const list = (() => {
    if (all.isPending) return <Loading label={t("admin.loadingAll")} />
    if (all.isError) {
      return (
        <div className="space-y-2">
          <ErrorAlert error={all.error} />
          <Button variant="secondary" onClick={() => void all.refetch()}>
            {t("common.tryAgain")}
          </Button>
        </div>
      )
    }
    if (all.data.items.length === 0) return <p className="text-slate-700">{emptyText(filter)}</p>
    return (
      // three columns (name, address and role together) fit a phone; should a long address or an open
      // question not, the table scrolls sideways: the region takes focus so keyboards can scroll it too
      <div
        role="region"
        aria-labelledby="all-accounts"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (axe: scrollable-region-focusable)
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-700"
      >
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                {t("admin.account")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                {t("admin.status")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                {t("admin.change")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {all.data.items.map((user) => (
              <tr key={user.id} className="align-top">
                <td className="px-3 py-2 sm:whitespace-nowrap sm:px-4">
                  <span className="font-medium" dir="auto">
                    {user.name}
                  </span>{" "}
                  <RoleBadge role={user.role} />
                  <span className="block break-all text-slate-700 sm:break-normal">{user.email}</span>
                </td>
                <td className="px-3 py-2 sm:whitespace-nowrap sm:px-4">
                  <StatusBadge status={user.status} />
                </td>
                <td className="px-3 py-2 sm:w-full sm:px-4">
                  <AccountActions user={user} self={me.data?.user?.id === user.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  })()
  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <SelectField
          label={t("admin.show")}
          value={filter}
          onChange={(e) => {
            if (isFilter(e.target.value)) setFilter(e.target.value)
          }}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {filterLabel(f)}
            </option>
          ))}
        </SelectField>
      </div>
      {list}
    </div>
  )
}

/** The admin's screen: accounts to approve or decline first, then every account, to disable or enable. */
export const AdminPage = () => {
  const { t } = useTranslation()
  return (
    <div className="space-y-8">
      <PageTitle>{t("admin.title")}</PageTitle>
      <Section id="waiting-accounts" title={t("admin.pending")}>
        <p className="text-sm text-slate-700">{t("admin.waitingIntro")}</p>
        <PendingAccounts />
      </Section>
      <Section id="all-accounts" title={t("admin.allAccounts")}>
        <p className="text-sm text-slate-700">{t("admin.allIntro")}</p>
        <AllAccounts />
      </Section>
    </div>
  )
}
