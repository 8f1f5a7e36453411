import type { ComponentType } from "react"
import { Suspense, useEffect } from "react"
import { Redirect, Route, Switch, useLocation } from "wouter"
import { KeepPreferences } from "./KeepPreferences.tsx"
import { Layout } from "./Layout.tsx"
import { lazyPage, preloadPages } from "./lazyPage.ts"
import { NotFoundPage } from "./pages/NotFoundPage.tsx"
import { SignInPage } from "./pages/SignInPage.tsx"
import { useMe } from "./session.tsx"
import { errorText } from "./trpc.ts"
import { ErrorBoundary } from "./ui/ErrorBoundary.tsx"
import { Alert, Loading } from "./ui/kit.tsx"

// The sign-in page is in the first chunk; every other screen is its own chunk, loaded when
// visited, so the first page's JavaScript stays small (bench:ui).
const ApiKeysPage = lazyPage(() => import("./pages/ApiKeysPage.tsx").then((m) => m.ApiKeysPage))
const AdminPage = lazyPage(() => import("./pages/AdminPage.tsx").then((m) => m.AdminPage))
const CampaignPage = lazyPage(() => import("./pages/CampaignPage.tsx").then((m) => m.CampaignPage))
const CampaignsPage = lazyPage(() => import("./pages/CampaignsPage.tsx").then((m) => m.CampaignsPage))
const ForgotPasswordPage = lazyPage(() => import("./pages/ForgotPasswordPage.tsx").then((m) => m.ForgotPasswordPage))
const NewCampaignPage = lazyPage(() => import("./pages/NewCampaignPage.tsx").then((m) => m.NewCampaignPage))
const PendingPage = lazyPage(() => import("./pages/PendingPage.tsx").then((m) => m.PendingPage))
const ResetPasswordPage = lazyPage(() => import("./pages/ResetPasswordPage.tsx").then((m) => m.ResetPasswordPage))
const UpcomingPage = lazyPage(() => import("./pages/UpcomingPage.tsx").then((m) => m.UpcomingPage))
const SignUpPage = lazyPage(() => import("./pages/SignUpPage.tsx").then((m) => m.SignUpPage))
const VerifyEmailPage = lazyPage(() => import("./pages/VerifyEmailPage.tsx").then((m) => m.VerifyEmailPage))
const WebhooksPage = lazyPage(() => import("./pages/WebhooksPage.tsx").then((m) => m.WebhooksPage))
const WhatsAppPage = lazyPage(() => import("./pages/WhatsAppPage.tsx").then((m) => m.WhatsAppPage))

/** A screen for signed-in, approved users: others go to sign-in or the "waiting for approval" page. */
const signedIn =
  (Page: ComponentType, options: { readonly admin?: boolean } = {}) =>
  () => {
    const me = useMe()
    const [location] = useLocation()
    if (me.isPending) return <Loading />
    if (me.isError) return <Alert>{errorText(me.error)}</Alert>
    const user = me.data.user
    if (user === null) return <Redirect to={`/sign-in?next=${encodeURIComponent(location)}`} replace />
    if (user.status !== "ACTIVE") return <PendingPage />
    if (options.admin === true && user.role !== "ADMIN") return <NotFoundPage />
    return <Page />
  }

/**
 * Sign-in and friends: shown at once (not after auth.me answers: the form is the first thing a
 * visitor needs, within the 1 s budget of bench:ui); a signed-in visitor goes on to the app.
 */
const signedOut = (Page: ComponentType) => () => {
  const me = useMe()
  if (me.data?.user != null) return <Redirect to="/campaigns" replace />
  return <Page />
}

// Each guarded screen is made once, here: made inside render it would be a new component each
// time and lose its state.
const Home = signedIn(() => <Redirect to="/campaigns" replace />)
const SignIn = signedOut(SignInPage)
const SignUp = signedOut(SignUpPage)
const ForgotPassword = signedOut(ForgotPasswordPage)
const WhatsApp = signedIn(WhatsAppPage)
const Campaigns = signedIn(CampaignsPage)
const Upcoming = signedIn(UpcomingPage)
const NewCampaign = signedIn(NewCampaignPage)
const Campaign = signedIn(CampaignPage)
const Admin = signedIn(AdminPage, { admin: true })
const ApiKeys = signedIn(ApiKeysPage)
const Webhooks = signedIn(WebhooksPage)

export const App = () => {
  // once the first screen is up, fetch the other screens' code while the browser is idle
  useEffect(preloadPages, [])
  const [location] = useLocation()
  return (
    <Layout>
      <KeepPreferences />
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/" component={Home} />
            <Route path="/sign-in" component={SignIn} />
            <Route path="/sign-up" component={SignUp} />
            <Route path="/forgot-password" component={ForgotPassword} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/verify-email" component={VerifyEmailPage} />
            <Route path="/whatsapp" component={WhatsApp} />
            <Route path="/campaigns" component={Campaigns} />
            <Route path="/upcoming" component={Upcoming} />
            <Route path="/campaigns/new" component={NewCampaign} />
            <Route path="/campaigns/:id" component={Campaign} />
            <Route path="/admin" component={Admin} />
            <Route path="/account/api-keys" component={ApiKeys} />
            <Route path="/account/webhooks" component={Webhooks} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Layout>
  )
}
