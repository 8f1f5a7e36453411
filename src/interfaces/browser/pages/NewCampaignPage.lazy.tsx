import { lazy, Suspense } from "react"
import { Loading } from "../ui/kit.tsx"

// The new-campaign page is its own chunk, fetched when the route is opened: its form, the zone
// maths (effect's DateTime) and the preview are not in the first page's JavaScript.
const Page = lazy(() => import("./NewCampaignPage.tsx").then((m) => ({ default: m.NewCampaignPage })))

export const NewCampaignPage = () => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
)
