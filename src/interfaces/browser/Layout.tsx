import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "wouter"
import { FollowAccountLanguage, LanguageChooser } from "./i18n/LanguageChooser.tsx"
import { useMe, useRuntimeConfig } from "./session.tsx"
import { Alert } from "./ui/kit.tsx"
import { useAnnouncement } from "./ui/pageHeading.ts"
import { SessionStatusBadge } from "./ui/SessionStatusBadge.tsx"
import { signOutErrorText, useSignOut } from "./useSignOut.ts"

// a link never breaks inside its words ("API keys" on two lines read as two links on a phone): whole links wrap
const navLink =
  "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"

const NavLink = ({ href, children }: { readonly href: string; readonly children: ReactNode }) => {
  const [location] = useLocation()
  const current = location === href || (href !== "/" && location.startsWith(`${href}/`) && href !== "/campaigns")
  return (
    <Link
      href={href}
      className={`${navLink} ${current ? "bg-sky-800" : ""}`}
      aria-current={current ? "page" : undefined}
    >
      {children}
    </Link>
  )
}

const SignOut = ({ signOut }: { readonly signOut: ReturnType<typeof useSignOut> }) => {
  const { t } = useTranslation()
  return (
    <button type="button" className={navLink} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      {t("layout.signOut")}
    </button>
  )
}

/** What an action did, said politely by screen readers once its control is gone (pageHeading.ts's announce). */
const Announcer = () => (
  <div role="status" aria-live="polite" className="sr-only">
    {useAnnouncement()}
  </div>
)

/** Header (navigation, WhatsApp status, sign-out), the page, and the footer when PUBLIC_SHOW_FOOTER allows it. */
export const Layout = ({ children }: { readonly children: ReactNode }) => {
  const { t } = useTranslation()
  const me = useMe()
  const { showFooter } = useRuntimeConfig()
  const user = me.data?.user ?? null
  // here rather than in the button: its failure stays said when the button goes (signed out after all)
  const signOut = useSignOut()
  return (
    <div className="flex min-h-screen flex-col">
      <FollowAccountLanguage />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("layout.skip")}
      </a>
      <header className="bg-sky-900 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2">
          <Link href="/" className="mr-4 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-white">
            Herald
          </Link>
          {user !== null && user.status === "ACTIVE" ? (
            <nav aria-label={t("layout.mainNav")} className="flex flex-wrap items-center gap-1">
              <NavLink href="/upcoming">{t("layout.upcoming")}</NavLink>
              <NavLink href="/campaigns">{t("layout.campaigns")}</NavLink>
              <NavLink href="/campaigns/new">{t("layout.newCampaign")}</NavLink>
              <NavLink href="/whatsapp">WhatsApp</NavLink>
              {user.role === "ADMIN" ? <NavLink href="/admin">{t("layout.admin")}</NavLink> : null}
            </nav>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
            {user !== null && user.status === "ACTIVE" ? <SessionStatusBadge /> : null}
            <LanguageChooser />
            {user !== null ? (
              <>
                <span dir="auto" className="hidden text-sm sm:inline">
                  {user.name}
                </span>
                {user.status === "ACTIVE" ? (
                  <>
                    <NavLink href="/account/api-keys">{t("layout.apiKeys")}</NavLink>
                    <NavLink href="/account/webhooks">{t("layout.webhooks")}</NavLink>
                  </>
                ) : null}
                <SignOut signOut={signOut} />
              </>
            ) : null}
          </div>
        </div>
      </header>
      {signOut.isError ? (
        <div className="mx-auto w-full max-w-5xl px-4 pt-4">
          <Alert>{t("layout.signOutFailed", { reason: signOutErrorText(signOut.error) })}</Alert>
        </div>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        {children}
      </main>
      <Announcer />
      {showFooter ? (
        <footer className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-600">
          {t("layout.footer")}
        </footer>
      ) : null}
    </div>
  )
}
