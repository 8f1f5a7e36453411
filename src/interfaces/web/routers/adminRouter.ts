import { Effect } from "effect"
import { z } from "zod"
import { approveUser } from "../../../application/auth/approveUser.ts"
import { listUsers } from "../../../application/auth/listUsers.ts"
import { USER_STATUSES } from "../../../domain/user/User.ts"
import { adminProcedure, router, run } from "../trpc.ts"

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
    .input(z.object({ userId: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => run(ctx, approveUser(input.userId).pipe(Effect.as({ success: true }))))
})
