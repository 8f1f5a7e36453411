import { TRPCError } from "@trpc/server"
import { Clock, Effect } from "effect"
import { z } from "zod"
import { describeInstall } from "../../../application/auth/describeInstall.ts"
import { requestPasswordReset } from "../../../application/auth/requestPasswordReset.ts"
import { resetPassword } from "../../../application/auth/resetPassword.ts"
import { setLanguage } from "../../../application/auth/setLanguage.ts"
import { setPreferences } from "../../../application/auth/setPreferences.ts"
import { signIn } from "../../../application/auth/signIn.ts"
import { signOut } from "../../../application/auth/signOut.ts"
import { signUp } from "../../../application/auth/signUp.ts"
import { verifyEmail } from "../../../application/auth/verifyEmail.ts"
import { AppLanguageInput } from "../../../application/shared/languageSchema.ts"
import { clearedSessionCookie, sessionCookie } from "../cookies.ts"
import type { WebContext } from "../trpc.ts"
import { accountProcedure, publicProcedure, router, run, storeUnavailable } from "../trpc.ts"

const email = z.string().trim().max(254).pipe(z.email())
const password = z.string().min(8).max(256)
/** IANA zone and BCP 47 locale as the browser reports them; checked against Intl by the use case */
const timeZone = z.string().trim().min(1).max(100)
const locale = z.string().trim().min(1).max(100)
/** what sign-up and forgot-password forms send: the browser's own, so the first mail reads in its zone */
const offered = { timeZone: timeZone.optional(), locale: locale.optional() }

const setSession = (ctx: WebContext, session: { readonly token: string; readonly expiresAt: number }) =>
  Effect.map(Clock.currentTimeMillis, (now) =>
    ctx.resHeaders.append("Set-Cookie", sessionCookie(session.token, session.expiresAt, now, ctx.secureCookies))
  )

export const authRouter = router({
  signUp: publicProcedure
    .input(z.object({ email, password, name: z.string().trim().min(1).max(100), ...offered }))
    .mutation(({ ctx, input }) =>
      run(
        ctx,
        Effect.gen(function* () {
          const result = yield* signUp(input, ctx.client())
          if (result.session !== null) yield* setSession(ctx, result.session)
          return { user: result.user, verificationSent: result.verificationSent }
        })
      )
    ),
  verifyEmail: publicProcedure
    .input(z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(256) }))
    .mutation(({ ctx, input }) =>
      run(ctx, verifyEmail(input, ctx.client()).pipe(Effect.as({ success: true as const })))
    ),
  signIn: publicProcedure
    .input(z.object({ email: z.string().max(254), password: z.string().max(256) }))
    .mutation(({ ctx, input }) =>
      run(
        ctx,
        Effect.gen(function* () {
          const result = yield* signIn(input, ctx.client())
          yield* setSession(ctx, result)
          return { user: result.user }
        })
      )
    ),
  signOut: publicProcedure.mutation(({ ctx }) =>
    run(
      ctx,
      Effect.gen(function* () {
        // the browser forgets its cookie whatever happens next: a sign-out whose database call
        // fails still fails (the session may live on server-side until it expires), but this
        // browser is no longer signed in, as its user asked
        ctx.resHeaders.append("Set-Cookie", clearedSessionCookie(ctx.secureCookies))
        if (ctx.token !== null) yield* signOut(ctx.token)
        return { success: true }
      })
    )
  ),
  /** for the sign-in and sign-up pages: whether the next account becomes the admin (describeInstall.ts) */
  install: publicProcedure.query(({ ctx }) => run(ctx, describeInstall())),
  me: publicProcedure.query(({ ctx }) => {
    // "signed out" would be a lie while the session cannot be checked
    if (ctx.authUnavailable) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: storeUnavailable(ctx.reader) })
    return { user: ctx.user }
  }),
  /** the signed-in user's time zone and locale, which mails to them are written in (the browser sends its own) */
  setPreferences: accountProcedure
    .input(z.object({ timeZone: timeZone.nullable(), locale: locale.nullable() }))
    .mutation(({ ctx, input }) =>
      run(ctx, setPreferences(ctx.user.id, input).pipe(Effect.as({ success: true as const })))
    ),
  /** the language the signed-in user chose for the app and their mails; null: their browser's */
  setLanguage: accountProcedure
    .input(z.object({ language: AppLanguageInput }))
    .mutation(({ ctx, input }) =>
      run(ctx, setLanguage(ctx.user.id, input.language).pipe(Effect.as({ success: true as const })))
    ),
  requestPasswordReset: publicProcedure
    .input(z.object({ email: z.string().max(254), ...offered }))
    .mutation(({ ctx, input }) =>
      run(ctx, requestPasswordReset(input, ctx.client()).pipe(Effect.as({ success: true as const })))
    ),
  resetPassword: publicProcedure
    .input(z.object({ token: z.string().min(1).max(128), password }))
    .mutation(({ ctx, input }) =>
      run(
        ctx,
        resetPassword(input).pipe(
          Effect.tap(() =>
            Effect.sync(() => ctx.resHeaders.append("Set-Cookie", clearedSessionCookie(ctx.secureCookies)))
          ),
          Effect.as({ success: true })
        )
      )
    )
})
