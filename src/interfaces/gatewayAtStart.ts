import { Cause, Effect, Exit } from "effect"
import { checkGatewayAtStart, GatewayUnusable } from "../application/session/gatewayAtStart.ts"
import { WahaGateway } from "../infrastructure/gateway/WahaGateway.ts"
import type { WahaGatewayOptions } from "../infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../infrastructure/logging/plainLogger.ts"

/**
 * Runs the start check of a process that talks to WAHA (web, scheduler, standalone with
 * GATEWAY_API_URL): null when the process may go on, else the one sentence it stops with.
 */
export const gatewayRefusal = async (options: WahaGatewayOptions): Promise<string | null> => {
  const exit = await Effect.runPromiseExit(checkGatewayAtStart.pipe(Effect.provide(WahaGateway.layer(options)), Effect.provide(PlainLogger)))
  if (Exit.isSuccess(exit)) return null
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  return failure !== undefined && failure.error instanceof GatewayUnusable ? failure.error.message : Cause.pretty(exit.cause)
}
