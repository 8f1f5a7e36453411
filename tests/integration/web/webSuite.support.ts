import { afterEach } from "vitest"
import type { AuthSettingsShape } from "../../../src/application/auth/AuthSettings.ts"
import type { FakeWaha, RecordedRequest } from "../../support/FakeWahaServer.ts"
import type { Answer, WebClient } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { signUp, startTestWeb } from "../../support/webHarness.ts"

export const PASSWORD = "correct horse battery"
export const THIRTY_DAYS_S = 30 * 24 * 60 * 60

/** Gives each test its own server (and, for Mongo, its own database); closes them after the test. */
export const webStarter = (store: () => StoreKind) => {
  const started: Array<TestWeb> = []
  afterEach(async () => {
    for (const web of started.splice(0)) await web.close()
  })
  return async (
    settings: Partial<AuthSettingsShape> = {},
    options: {
      readonly fake?: FakeWaha
      readonly authUrl?: string
      readonly gatewayTimeoutMs?: number
      readonly trustProxy?: number
      readonly webhooks?: { readonly allowPrivateTargets: boolean }
    } = {}
  ) => {
    const web = await startTestWeb(store(), settings, options)
    started.push(web)
    return web
  }
}

/** A signed-in client whose account is ACTIVE (signs up, and has the admin approve it when needed). */
export const activeClient = async (
  web: TestWeb,
  email: string,
  admin?: WebClient
): Promise<{ client: WebClient; id: string }> => {
  const client = web.client()
  const user = await signUp(client, email)
  if (user.status !== "ACTIVE") {
    if (admin === undefined) throw new Error(`activeClient: ${email} is ${user.status} and no admin was given`)
    await admin.api.admin.approveUser.mutate({ userId: user.id })
  }
  return { client, id: user.id }
}

/** The session cookie's Set-Cookie line of an answer, if any. */
export const sessionSetCookie = (answer: Answer): string | undefined =>
  answer.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c))

export const cookieAttributes = (setCookie: string): Map<string, string> => {
  const attributes = new Map<string, string>()
  for (const part of setCookie.split(";").slice(1)) {
    const [name, ...rest] = part.trim().split("=")
    attributes.set(name!.toLowerCase(), rest.join("="))
  }
  return attributes
}

export const initiate = (client: WebClient) => client.api.user.initiateMessagingSession.mutate()

export const isMutating = (r: RecordedRequest) => r.method !== "GET" && r.method !== "HEAD"
export const mutatingRequests = (fake: FakeWaha) => fake.requests.filter(isMutating)
