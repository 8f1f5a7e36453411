import { eventually } from "./eventually.ts"
import type { MailSink } from "./MailSink.ts"
import type { WebClient } from "./webClient.ts"

/**
 * Signs up where real mail goes out, as a person would: reads the verification link from the mail
 * that reached the sink, follows it with the password (auth.verifyEmail), then signs in. Returns the signed-in user.
 */
export const signUpAndVerify = async (
  client: WebClient,
  mail: MailSink,
  input: { readonly email: string; readonly password: string; readonly name: string },
  timeoutMs = 10_000
) => {
  const before = mail.received.length
  await client.api.auth.signUp.mutate(input)
  const tokenOf = () => {
    for (const m of mail.received.slice(before)) {
      const match = /\/verify-email\?token=([A-Za-z0-9._-]+)/.exec(m.mail.text)
      if (m.mail.to.includes(input.email) && match !== null) return match[1]!
    }
    return null
  }
  // the sink's request count makes a missing mail readable
  const { token } = await eventually(
    `the verification mail for ${input.email}`,
    () => ({ token: tokenOf(), sinkRequests: mail.requests.length }),
    (seen) => seen.token !== null,
    timeoutMs
  )
  await client.api.auth.verifyEmail.mutate({ token: token!, password: input.password })
  return (await client.api.auth.signIn.mutate({ email: input.email, password: input.password })).user
}
