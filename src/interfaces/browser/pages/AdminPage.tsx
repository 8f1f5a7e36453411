import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import type { ReactNode } from "react"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { useTRPC } from "../trpc.ts"
import { ErrorAlert } from "../ui/account.tsx"
import { Button, Card, Loading, PageTitle } from "../ui/kit.tsx"

type User = inferRouterOutputs<AppRouter>["admin"]["listUsers"]["items"][number]

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-medium"

const StatusBadge = ({ status }: { readonly status: User["status"] }) =>
  status === "ACTIVE" ? (
    <span className={`${badge} bg-green-100 text-green-900`}>Active</span>
  ) : (
    <span className={`${badge} bg-amber-100 text-amber-900`}>Waiting for approval</span>
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

/** One waiting account: its own mutation, so each row shows its own progress and failure. */
const PendingAccount = ({ user }: { readonly user: User }) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const approve = useMutation(
    trpc.admin.approveUser.mutationOptions({
      // both lists change: the account leaves the waiting ones and turns active in the other
      onSuccess: () => queryClient.invalidateQueries(trpc.admin.listUsers.pathFilter())
    })
  )
  return (
    <li>
      <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">{user.name}</p>
          <p className="break-all text-sm text-slate-700">{user.email}</p>
          {user.emailVerified ? null : <p className="text-sm text-amber-900">Address not confirmed yet</p>}
          {approve.isError ? (
            <div className="mt-2">
              <ErrorAlert error={approve.error} />
            </div>
          ) : null}
        </div>
        <Button
          className="shrink-0"
          onClick={() => approve.mutate({ userId: user.id })}
          disabled={approve.isPending || approve.isSuccess}
          aria-label={`Approve ${user.name} (${user.email})`}
        >
          {approve.isPending ? "Approving…" : approve.isSuccess ? "Approved" : "Approve"}
        </Button>
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

const AllAccounts = () => {
  const trpc = useTRPC()
  const all = useQuery(trpc.admin.listUsers.queryOptions({}))
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
  if (all.data.items.length === 0) return <p className="text-slate-700">There are no accounts yet.</p>
  return (
    // a narrow screen scrolls the table sideways: the region takes focus so keyboards can scroll it too
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
            <th scope="col" className="px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              E-mail address
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {all.data.items.map((user) => (
            <tr key={user.id}>
              <td className="whitespace-nowrap px-4 py-2">{user.name}</td>
              <td className="whitespace-nowrap px-4 py-2">{user.email}</td>
              <td className="px-4 py-2">
                <RoleBadge role={user.role} />
              </td>
              <td className="whitespace-nowrap px-4 py-2">
                <StatusBadge status={user.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The admin's screen: accounts to approve first, then every account. */
export const AdminPage = () => (
  <div className="space-y-8">
    <PageTitle>Accounts</PageTitle>
    <Section id="waiting-accounts" title="Waiting for approval">
      <p className="text-sm text-slate-700">
        New accounts can use Herald once you approve them. Approving one lets its owner in at their next check.
      </p>
      <PendingAccounts />
    </Section>
    <Section id="all-accounts" title="All accounts">
      <AllAccounts />
    </Section>
  </div>
)
