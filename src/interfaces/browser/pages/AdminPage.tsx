import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import type { ReactNode } from "react"
import { useEffect, useRef, useState } from "react"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { useMe } from "../session.tsx"
import { useTRPC } from "../trpc.ts"
import { ErrorAlert } from "../ui/account.tsx"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { Button, Card, Loading, PageTitle, SelectField } from "../ui/kit.tsx"

type User = inferRouterOutputs<AppRouter>["admin"]["listUsers"]["items"][number]
type Status = User["status"]

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-medium"

/** Every status in plain words, with its colour. */
const STATUS_LOOK: Record<Status, { readonly label: string; readonly look: string }> = {
  ACTIVE: { label: "Active", look: "bg-green-100 text-green-900" },
  PENDING: { label: "Waiting for approval", look: "bg-amber-100 text-amber-900" },
  REJECTED: { label: "Declined", look: "bg-slate-200 text-slate-800" },
  DISABLED: { label: "Disabled", look: "bg-red-100 text-red-900" }
}

const StatusBadge = ({ status }: { readonly status: Status }) => (
  <span className={`${badge} ${STATUS_LOOK[status].look}`}>{STATUS_LOOK[status].label}</span>
)

const RoleBadge = ({ role }: { readonly role: User["role"] }) =>
  role === "ADMIN" ? (
    <span className={`${badge} bg-sky-100 text-sky-900`}>Admin</span>
  ) : (
    <span className={`${badge} bg-slate-100 text-slate-800`}>User</span>
  )

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

const who = (user: User) => `${user.name} (${user.email})`

/** One waiting account: approve it, or decline it (asked first). */
const PendingAccount = ({ user }: { readonly user: User }) => {
  const approve = useDecision("approveUser")
  const decline = useDecision("rejectUser")
  const failed = approve.isError ? approve.error : decline.isError ? decline.error : null
  return (
    <li>
      <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">{user.name}</p>
          <p className="break-all text-sm text-slate-700">{user.email}</p>
          {user.emailVerified ? null : <p className="text-sm text-amber-900">Address not confirmed yet</p>}
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
            aria-label={`Approve ${who(user)}`}
          >
            {approve.isPending ? "Approving…" : approve.isSuccess ? "Approved" : "Approve"}
          </Button>
          <ConfirmButton
            label="Decline"
            accessibleLabel={`Decline ${who(user)}`}
            question={`Decline ${user.name}'s request? They cannot sign in, and are told by e-mail.`}
            confirmLabel="Yes, decline"
            keepLabel="No, keep waiting"
            pending={decline.isPending}
            onConfirm={() => decline.mutate({ userId: user.id })}
          />
        </div>
      </Card>
    </li>
  )
}

const PendingAccounts = () => {
  const trpc = useTRPC()
  const pending = useQuery(trpc.admin.listUsers.queryOptions({ status: "PENDING" }))
  if (pending.isPending) return <Loading label="Loading the waiting accounts…" />
  if (pending.isError) {
    return (
      <div className="space-y-2">
        <ErrorAlert error={pending.error} />
        <Button variant="secondary" onClick={() => void pending.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (pending.data.items.length === 0) return <p className="text-slate-700">No accounts are waiting for approval.</p>
  return (
    <ul className="space-y-3" aria-label="Accounts waiting for approval">
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
    if (self) return <span className="text-slate-700">This is you</span>
    switch (user.status) {
      case "PENDING":
        return <span className="text-slate-700">Approve or decline above</span>
      case "ACTIVE":
        return (
          // keyed: once the account changes, the other question starts closed (not this one's state)
          <ConfirmButton
            key="disable"
            small
            label="Disable"
            accessibleLabel={`Disable ${who(user)}`}
            question={`Disable ${user.name}? They are signed out at once, cannot sign in, and none of their messages is sent until you enable the account again.`}
            confirmLabel="Yes, disable"
            keepLabel="No, keep active"
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
            label="Enable"
            accessibleLabel={`Enable ${who(user)}`}
            question={
              user.status === "DISABLED"
                ? `Enable ${user.name} again? They can sign in, and their messages due from now on are sent.`
                : `Let ${user.name} in after all? They can sign in at once, and are told by e-mail.`
            }
            confirmLabel="Yes, enable"
            keepLabel={user.status === "DISABLED" ? "No, keep disabled" : "No, keep declined"}
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

const FILTERS: ReadonlyArray<{ readonly value: Status | "ALL"; readonly label: string }> = [
  { value: "ALL", label: "All accounts" },
  { value: "ACTIVE", label: "Active" },
  { value: "PENDING", label: "Waiting for approval" },
  { value: "DISABLED", label: "Disabled" },
  { value: "REJECTED", label: "Declined" }
]

const EMPTY: Record<Status | "ALL", string> = {
  ALL: "There are no accounts yet.",
  ACTIVE: "No account is active.",
  PENDING: "No accounts are waiting for approval.",
  DISABLED: "No account is disabled.",
  REJECTED: "No request was declined."
}

const isFilter = (value: string): value is Status | "ALL" => FILTERS.some((f) => f.value === value)

const AllAccounts = () => {
  const trpc = useTRPC()
  const me = useMe()
  const [filter, setFilter] = useState<Status | "ALL">("ALL")
  const all = useQuery(trpc.admin.listUsers.queryOptions(filter === "ALL" ? {} : { status: filter }))
  const list = (() => {
    if (all.isPending) return <Loading label="Loading the accounts…" />
    if (all.isError) {
      return (
        <div className="space-y-2">
          <ErrorAlert error={all.error} />
          <Button variant="secondary" onClick={() => void all.refetch()}>
            Try again
          </Button>
        </div>
      )
    }
    if (all.data.items.length === 0) return <p className="text-slate-700">{EMPTY[filter]}</p>
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
                Account
              </th>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {all.data.items.map((user) => (
              <tr key={user.id} className="align-top">
                <td className="px-3 py-2 sm:whitespace-nowrap sm:px-4">
                  <span className="font-medium">{user.name}</span> <RoleBadge role={user.role} />
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
          label="Show"
          value={filter}
          onChange={(e) => {
            if (isFilter(e.target.value)) setFilter(e.target.value)
          }}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      </div>
      {list}
    </div>
  )
}

/** The admin's screen: accounts to approve or decline first, then every account, to disable or enable. */
export const AdminPage = () => (
  <div className="space-y-8">
    <PageTitle>Accounts</PageTitle>
    <Section id="waiting-accounts" title="Waiting for approval">
      <p className="text-sm text-slate-700">
        New accounts can use Herald once you approve them; their owners are told by e-mail either way. Approving one
        lets its owner in at their next check.
      </p>
      <PendingAccounts />
    </Section>
    <Section id="all-accounts" title="All accounts">
      <p className="text-sm text-slate-700">
        A disabled account is signed out at once, cannot sign in, and none of its scheduled messages is sent: each one
        due meanwhile is marked as not sent, with the reason. Enable it again and its owner can send those again.
      </p>
      <AllAccounts />
    </Section>
  </div>
)
