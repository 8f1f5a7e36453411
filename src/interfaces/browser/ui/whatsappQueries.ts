import { useQuery } from "@tanstack/react-query"
import { useTRPC } from "../trpc.ts"
import { BADGE_POLL_MS } from "./sessionStatus.ts"

// The WhatsApp page and the header badge read the same cache entries: one request serves both,
// and the faster poll of the two (the page's, while it is open) wins.

/** The caller's messaging session (null: none), refreshed at the badge's pace. */
export const useMessagingSession = () => {
  const trpc = useTRPC()
  return useQuery(trpc.user.getMessagingSession.queryOptions(undefined, { refetchInterval: BADGE_POLL_MS }))
}

/** The gateway's status of the session; `pollMs` decides from the last answer how soon to ask again. */
export const useSessionStatus = (sessionName: string | null, pollMs: (status: string | undefined) => number) => {
  const trpc = useTRPC()
  return useQuery(
    trpc.user.getSessionStatus.queryOptions(
      { sessionName: sessionName ?? "" },
      { enabled: sessionName !== null, refetchInterval: (query) => pollMs(query.state.data?.status) }
    )
  )
}

/** How often the hold WhatsApp may put on the number is asked again (it lifts by itself). */
export const LIMIT_POLL_MS = 60_000

/** Whether Herald holds the session's sends because WhatsApp limits the number, and until when. */
export const useSessionLimit = (sessionName: string | null) => {
  const trpc = useTRPC()
  return useQuery(
    trpc.session.getLimit.queryOptions(
      { sessionName: sessionName ?? "" },
      { enabled: sessionName !== null, refetchInterval: LIMIT_POLL_MS }
    )
  )
}
