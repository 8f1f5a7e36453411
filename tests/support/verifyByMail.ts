import { eventually } from "./eventually.ts"
import type { MailSink } from "./MailSink.ts"
import type { TrpcClient } from "./webHarness.ts"

/**
 * Signs up where real mail goes out, as a person would: reads the verification link from the mail
 * that reached the sink, follows it with the password (auth.verifyEmail), then signs in. Returns the signed-in user.
 */
export const signUpAndVerify = async (
  client: TrpcClient,
  mail: MailSink,
  input: { readonly email: string; readonly password: string; readonly name: string },
  timeoutMs = 10_000
): Promise<{ readonly id: string; readonly role: string; readonly status: string; readonly emailVerified: boolean }> => {
  const before = mail.received.length
  const up = await client.mutation("auth.signUp", input)
  if (up.error !== null) throw new Error(`signUp ${input.email}: ${up.error.code} ${up.error.message}`)
  const tokenInMail = () => {
    let token: string | null = null
    for (const m of mail.received.slice(before)) {
      const match = /\/verify-email\?token=([A-Za-z0-9._-]+)/.exec(m.mail.text)
      if (m.mail.to.includes(input.email) && match !== null) token = match[1]!
    }
    return token
  }
  // the sink's request count goes into the failure too: did any mail arrive at all?
  const { token } = await eventually(
    `a verification mail for ${input.email}`,
    () => ({ token: tokenInMail(), sinkRequests: mail.requests.length }),
    (seen) => seen.token !== null,
    timeoutMs
  )
  const verified = await client.mutation("auth.verifyEmail", { token, password: input.password })
  if (verified.error !== null) throw new Error(`verifyEmail ${input.email}: ${verified.error.code} ${verified.error.message}`)
  const signedIn = await client.mutation("auth.signIn", { email: input.email, password: input.password })
  if (signedIn.error !== null) throw new Error(`signIn ${input.email}: ${signedIn.error.code} ${signedIn.error.message}`)
  return (signedIn.data as { user: { id: string; role: string; status: string; emailVerified: boolean } }).user
}
