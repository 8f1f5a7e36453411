import { readdirSync } from "node:fs"
import { join } from "node:path"
import { Clock, Effect } from "effect"
import { makeMissingFolders, makeOwnerOnlyFolder, restrictToOwner, writeOwnerOnlyFileAsync } from "../fs/ownerOnly.ts"
import type { MailSender } from "./MailSender.ts"
import { composeEffect, MailError } from "./MailSender.ts"

/**
 * Mail for the standalone mode: each message is written, exactly as it would be sent (MIME by
 * nodemailer), to `<dir>/<time>-<recipient>.eml`, which any mail client opens. A mail may hold a
 * reset link: the folder is 0700 and every file 0600 (also those an earlier version left readable).
 */
export const makeFileMailSender = (options: { readonly dir: string; readonly from: string }): MailSender => {
  makeOwnerOnlyFolder(options.dir)
  for (const file of readdirSync(options.dir)) if (file.endsWith(".eml")) restrictToOwner(join(options.dir, file))
  return {
    send: (mail) =>
      Effect.gen(function* () {
        const message = yield* composeEffect(options.from, mail, (s) => s)
        const now = yield* Clock.currentTimeMillis
        const name = `${new Date(now).toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_")}.eml`
        yield* Effect.tryPromise({
          try: async () => {
            // removed while running: made again, for its owner only
            makeMissingFolders(options.dir)
            await writeOwnerOnlyFileAsync(join(options.dir, name), message, "wx").catch(
              async (error: { code?: string }) => {
                // two mails in the same millisecond to the same address: keep both
                if (error.code !== "EEXIST") throw error
                await writeOwnerOnlyFileAsync(
                  join(options.dir, `${name.slice(0, -4)}-${crypto.randomUUID().slice(0, 8)}.eml`),
                  message,
                  "wx"
                )
              }
            )
          },
          catch: (cause) =>
            new MailError({
              reason: "Unreachable",
              message: `failed to write mail to ${options.dir}: ${String(cause)}`
            })
        })
      })
  }
}
