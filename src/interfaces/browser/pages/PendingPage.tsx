import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { useMe } from "../session.tsx"
import { AccountPanel, ErrorAlert } from "../ui/account.tsx"
import { formatTime } from "../ui/format.ts"
import { Alert, Button } from "../ui/kit.tsx"
import { signOutErrorText, useSignOut } from "../useSignOut.ts"

/**
 * A signed-in account that an administrator has not approved yet (App.tsx shows it in place of
 * every screen of the app). "Check again" asks the server (auth.me): once approved, the screen
 * the user opened appears.
 */
export const PendingPage = () => {
  const { t } = useTranslation()
  const me = useMe()
  const signOut = useSignOut()
  const user = me.data?.user ?? null
  const [checkedAt, setCheckedAt] = useState<Date | null>(null)
  const checking = me.isFetching
  // once approved, App.tsx shows the app instead of this page: nothing more to do here
  const checkAgain = () => void me.refetch().then(() => setCheckedAt(new Date()))
  return (
    <AccountPanel title={t("pending.title")}>
      <div className="space-y-4">
        {user !== null ? (
          <p>
            <Trans i18nKey="pending.thanks" values={{ name: user.name }} components={{ name: <bdi /> }} />{" "}
            <Trans
              i18nKey="pending.createdWithEmail"
              values={{ email: user.email }}
              components={{ strong: <strong className="break-all" /> }}
            />
          </p>
        ) : null}
        <p>{t("pending.told")}</p>
        {me.isError ? <ErrorAlert error={me.error} /> : null}
        {signOut.isError ? (
          <Alert>{t("layout.signOutFailed", { reason: signOutErrorText(signOut.error) })}</Alert>
        ) : null}
        {checkedAt !== null && me.isSuccess && !checking && user?.status === "PENDING" ? (
          <p role="status" className="text-sm text-slate-600">
            {t("pending.checkedAt", { time: formatTime(checkedAt.toISOString()) })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={checkAgain} disabled={checking}>
            {checking ? t("pending.checking") : t("pending.checkAgain")}
          </Button>
          <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t("layout.signOut")}
          </Button>
        </div>
      </div>
    </AccountPanel>
  )
}
