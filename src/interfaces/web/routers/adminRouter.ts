import { Effect } from "effect"
import { z } from "zod"
import { approveUser } from "../../../application/auth/approveUser.ts"
import { disableUser } from "../../../application/auth/disableUser.ts"
import { enableUser } from "../../../application/auth/enableUser.ts"
import { listUsers } from "../../../application/auth/listUsers.ts"
import { rejectUser } from "../../../application/auth/rejectUser.ts"
import { USER_STATUSES } from "../../../domain/user/User.ts"
import { adminProcedure, router, run } from "../trpc.ts"

const account = z.object({ userId: z.string().min(1).max(100) })

export const adminRouter = router({
  listUsers: adminProcedure
    .input(z.object({ status: z.enum(USER_STATUSES).optional() }).optional())
    .query(({ ctx, input }) =>
      run(
        ctx,
        listUsers(input?.status === undefined ? {} : { status: input.status }).pipe(Effect.map((items) => ({ items })))
      )
    ),
  approveUser: adminProcedure
    .input(account)
    .mutation(({ ctx, input }) => run(ctx, approveUser(input.userId, ctx.user.id).pipe(Effect.as({ success: true })))),
  rejectUser: adminProcedure
    .input(account)
    .mutation(({ ctx, input }) => run(ctx, rejectUser(input.userId, ctx.user.id).pipe(Effect.as({ success: true })))),
  disableUser: adminProcedure
    .input(account)
    .mutation(({ ctx, input }) => run(ctx, disableUser(input.userId, ctx.user.id).pipe(Effect.as({ success: true })))),
  enableUser: adminProcedure
    .input(account)
    .mutation(({ ctx, input }) => run(ctx, enableUser(input.userId, ctx.user.id).pipe(Effect.as({ success: true }))))
})
