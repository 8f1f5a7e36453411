import { useState } from "react"
import { useMe } from "../session.tsx"
import { AccountPanel, ErrorAlert } from "../ui/account.tsx"
import { Alert, Button } from "../ui/kit.tsx"
import { signOutErrorText, useSignOut } from "../useSignOut.ts"

/**
 * A signed-in account that an administrator has not approved yet (App.tsx shows it in place of
 * every screen of the app). "Check again" asks the server (auth.me): once approved, the screen
 * the user opened appears.
 */
export const PendingPage = () => {
  const me = useMe()
  const signOut = useSignOut()
  const user = me.data?.user ?? null
  const [checkedAt, setCheckedAt] = useState<Date | null>(null)
  const checking = me.isFetching
  // once approved, App.tsx shows the app instead of this page: nothing more to do here
  const checkAgain = () => void me.refetch().then(() => setCheckedAt(new Date()))
  return (
    <AccountPanel title="Waiting for approval">
      <div className="space-y-4">
        <p>
          {user !== null ? <>Thank you, {user.name}. </> : null}
          Your account
          {user !== null ? (
            <>
              {" "}
              (<strong className="break-all">{user.email}</strong>)
            </>
          ) : null}{" "}
          has been created, but an administrator of this Herald has to approve it before you can connect WhatsApp and
          schedule messages.
        </p>
        <p>
          The administrator has been told about your account. There is nothing else you need to do: come back later, or
          check again now.
        </p>
        {me.isError ? <ErrorAlert error={me.error} /> : null}
        {signOut.isError ? <Alert>{signOutErrorText(signOut.error)}</Alert> : null}
        {checkedAt !== null && me.isSuccess && !checking && user?.status === "PENDING" ? (
          <p role="status" className="text-sm text-slate-600">
            Checked at {checkedAt.toLocaleTimeString()}: still waiting.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={checkAgain} disabled={checking}>
            {checking ? "Checking…" : "Check again"}
          </Button>
          <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </Button>
        </div>
      </div>
    </AccountPanel>
  )
}
