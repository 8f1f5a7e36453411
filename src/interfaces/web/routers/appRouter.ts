import { router } from "../trpc.ts"
import { adminRouter } from "./adminRouter.ts"
import { apiKeyRouter } from "./apiKeyRouter.ts"
import { authRouter } from "./authRouter.ts"
import { campaignRouter } from "./campaignRouter.ts"
import { sessionRouter } from "./sessionRouter.ts"
import { userRouter } from "./userRouter.ts"
import { webhookEndpointRouter } from "./webhookEndpointRouter.ts"

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  user: userRouter,
  campaign: campaignRouter,
  session: sessionRouter,
  apiKey: apiKeyRouter,
  webhookEndpoint: webhookEndpointRouter
})

/** The API's type, for typed clients (e.g. @trpc/client in a front end). */
export type AppRouter = typeof appRouter
