import { useQuery } from "@tanstack/react-query"
import type { ReactNode, RefObject } from "react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { sentence } from "../accountForms.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { Alert, Card, PageTitle } from "./kit.tsx"

/** The narrow column the account screens (sign-in, sign-up, reset, …) share: a title and a card. */
export const AccountPanel = ({
  title,
  children,
  after
}: {
  readonly title: string
  readonly children: ReactNode
  readonly after?: ReactNode
}) => (
  <div className="mx-auto max-w-md">
    <PageTitle>{title}</PageTitle>
    <Card>{children}</Card>
    {after === undefined ? null : <div className="mt-4 space-y-2 text-sm">{after}</div>}
  </div>
)

/** A failed call as an alert: the server's words as a sentence, and what to do next when given. */
export const ErrorAlert = ({ error, children }: { readonly error: unknown; readonly children?: ReactNode }) => (
  <Alert>
    <p>{sentence(errorText(error))}</p>
    {children === undefined ? null : <p className="mt-1">{children}</p>}
  </Alert>
)

/**
 * After a refused submit, focus the first field marked invalid, so keyboard and screen-reader
 * users land on what needs fixing. `attempt` changes with each refused submit.
 */
export const useFocusFirstInvalid = (form: RefObject<HTMLFormElement | null>, attempt: unknown) => {
  useEffect(() => {
    if (attempt === 0) return
    form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus()
  }, [form, attempt])
}

/**
 * On a fresh install that makes its first account the administrator (auth.install), the sign-in
 * and sign-up pages say so, with `children` as the way on; nothing once any account exists, and
 * nothing while the answer is out (the form does not wait for it).
 */
export const FirstAccountHint = ({ children }: { readonly children?: ReactNode }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const install = useQuery(trpc.auth.install.queryOptions(undefined, { staleTime: 0 }))
  if (install.data?.firstAccountBecomesAdmin !== true) return null
  return (
    <div className="mb-4">
      <Alert kind="info">
        <p className="font-semibold">{t("account.noAccountsYet")}</p>
        <p className="mt-1">{t("account.firstBecomesAdmin")}</p>
        {children === undefined ? null : <p className="mt-2">{children}</p>}
      </Alert>
    </div>
  )
}
