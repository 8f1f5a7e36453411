import type { ComponentType } from "react"
import { Redirect, Route, Switch, useLocation } from "wouter"
import { Layout } from "./Layout.tsx"
import { AdminPage } from "./pages/AdminPage.tsx"
import { CampaignPage } from "./pages/CampaignPage.tsx"
import { CampaignsPage } from "./pages/CampaignsPage.tsx"
import { ForgotPasswordPage } from "./pages/ForgotPasswordPage.tsx"
import { NewCampaignPage } from "./pages/NewCampaignPage.lazy.tsx"
import { NotFoundPage } from "./pages/NotFoundPage.tsx"
import { PendingPage } from "./pages/PendingPage.tsx"
import { ResetPasswordPage } from "./pages/ResetPasswordPage.tsx"
import { SignInPage } from "./pages/SignInPage.tsx"
import { SignUpPage } from "./pages/SignUpPage.tsx"
import { VerifyEmailPage } from "./pages/VerifyEmailPage.tsx"
import { WhatsAppPage } from "./pages/WhatsAppPage.tsx"
import { useMe } from "./session.tsx"
import { Alert, Loading } from "./ui/kit.tsx"
import { errorText } from "./trpc.ts"

/** A screen for signed-in, approved users: others go to sign-in or the "waiting for approval" page. */
const signedIn = (Page: ComponentType, options: { readonly admin?: boolean } = {}) => () => {
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

/** Sign-in and friends: a signed-in visitor goes on to the app. */
const signedOut = (Page: ComponentType) => () => {
  const me = useMe()
  if (me.isPending) return <Loading />
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
const NewCampaign = signedIn(NewCampaignPage)
const Campaign = signedIn(CampaignPage)
const Admin = signedIn(AdminPage, { admin: true })

export const App = () => (
  <Layout>
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/sign-in" component={SignIn} />
      <Route path="/sign-up" component={SignUp} />
      <Route path="/forgot-password" component={ForgotPassword} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/whatsapp" component={WhatsApp} />
      <Route path="/campaigns" component={Campaigns} />
      <Route path="/campaigns/new" component={NewCampaign} />
      <Route path="/campaigns/:id" component={Campaign} />
      <Route path="/admin" component={Admin} />
      <Route component={NotFoundPage} />
    </Switch>
  </Layout>
)
