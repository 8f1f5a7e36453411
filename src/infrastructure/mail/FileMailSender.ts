import { Clock, Effect } from "effect"
import { mkdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { composeEffect, MailError } from "./MailSender.ts"
import type { MailSender } from "./MailSender.ts"

/**
 * Mail for the standalone mode: each message is written, exactly as it would be sent (MIME by
 * nodemailer), to `<dir>/<time>-<recipient>.eml`, which any mail client opens.
 */
export const makeFileMailSender = (options: { readonly dir: string; readonly from: string }): MailSender => ({
  send: (mail) =>
    Effect.gen(function*() {
      const message = yield* composeEffect(options.from, mail, (s) => s)
      const now = yield* Clock.currentTimeMillis
      const name = `${new Date(now).toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_")}.eml`
      yield* Effect.tryPromise({
        try: async () => {
          await mkdir(options.dir, { recursive: true })
          await writeFile(join(options.dir, name), message, { flag: "wx" }).catch(async (error: { code?: string }) => {
            // two mails in the same millisecond to the same address: keep both
            if (error.code !== "EEXIST") throw error
            await writeFile(join(options.dir, `${name.slice(0, -4)}-${crypto.randomUUID().slice(0, 8)}.eml`), message)
          })
        },
        catch: (cause) => new MailError({ reason: "Unreachable", message: `failed to write mail to ${options.dir}: ${String(cause)}` })
      })
    })
})
