import type { QueryClient, QueryKey } from "@tanstack/react-query"
import { hashKey } from "@tanstack/react-query"
import { errorCode } from "./trpc.ts"

// The one owner of "the signed-in user changed". Query keys carry no user id, so whatever was
// cached for one user must go before another (or nobody) is shown anything: a sign-in, sign-up,
// password reset or sign-out sets auth.me (session.tsx's useSetSignedInUser), and so does
// auth.me answering someone else or nobody (a session that expired or was ended elsewhere);
// followSignedInUser sees each of these as a change of auth.me's data.

interface MeData {
  readonly user: { readonly id: string } | null
}

/**
 * Forgets everything but auth.me: queries no screen shows are removed; those on screen (the
 * header's WhatsApp badge, the page under a user that changed without a sign-in) are reset, so
 * their observers show nothing rather than the previous user's data, and are asked again when
 * someone is signed in. Finished mutations (their errors, their results) go too.
 */
const forgetUserData = (queryClient: QueryClient, meHash: string, signedIn: boolean) => {
  const notMe = (query: { readonly queryHash: string }) => query.queryHash !== meHash
  queryClient.removeQueries({ predicate: (query) => notMe(query) && (!signedIn || !query.isActive()) })
  if (signedIn) void queryClient.resetQueries({ predicate: notMe })
  const mutations = queryClient.getMutationCache()
  for (const mutation of mutations.getAll()) {
    if (mutation.state.status !== "pending") mutations.remove(mutation)
  }
}

/**
 * Follows auth.me in the cache from now on: when its user changes (to another id, or to nobody),
 * forgets every other query and mutation, synchronously, before the next render can show them.
 * The first answer only sets who is signed in (nothing was cached for anyone before it).
 */
export const followSignedInUser = (queryClient: QueryClient, meKey: QueryKey): (() => void) => {
  const meHash = hashKey(meKey)
  let known: string | null | undefined = queryClient.getQueryData<MeData>(meKey)?.user?.id
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || event.query.queryHash !== meHash) return
    const id = (event.query.state.data as MeData | undefined)?.user?.id ?? null
    if (known === undefined || id === known) {
      known = id
      return
    }
    known = id
    forgetUserData(queryClient, meHash, id !== null)
  })
}

/**
 * For the QueryCache's and MutationCache's onError: a call refused as UNAUTHORIZED while someone
 * is signed in means the session ended (expired, signed out elsewhere, password reset): auth.me
 * is asked again, its "nobody" answer forgets the data (followSignedInUser) and the screen's
 * guard sends the user to sign-in, instead of the page showing the refusal forever. A refused
 * sign-in (nobody signed in) is the sign-in page's business.
 */
export const checkSessionOnUnauthorized = (queryClient: QueryClient, meKey: QueryKey) => (error: unknown) => {
  if (errorCode(error) !== "UNAUTHORIZED") return
  if ((queryClient.getQueryData<MeData>(meKey)?.user ?? null) === null) return
  void queryClient.invalidateQueries({ queryKey: meKey, exact: true })
}
