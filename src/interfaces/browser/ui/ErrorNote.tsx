import i18next from "i18next"
import type { ReactNode } from "react"
import { errorText, isAppError } from "../trpc.ts"
import { FailureNote } from "./FailureNote.tsx"
import { Alert } from "./kit.tsx"

/**
 * The server's words for a failure with its error id: gateway failures carry "(error id …)" in
 * the message; "failed to create session" carries it in `data.errorId` only, added here.
 */
export const errorWithId = (error: unknown): string => {
  const text = errorText(error)
  const data = isAppError(error) ? error.data : undefined
  // the server's errorFormatter adds `errorId` to an unexpected failure's data alone
  const id = data !== null && data !== undefined && "errorId" in data ? data.errorId : undefined
  return id !== undefined && !text.includes(id) ? i18next.t("failure.errorId", { text, id }) : text
}

/** A gateway failure's kind, which the server adds to its data (`data.failureKind`). */
const failureKindOf = (error: unknown) => {
  const data = isAppError(error) ? error.data : undefined
  return data !== null && data !== undefined && "failureKind" in data ? data.failureKind : undefined
}

/**
 * A failure as the user reads it: a gateway's in plain words and what to do, with its technical
 * words and error id behind "Details" (issue 22 item 1); any other in the server's words.
 */
export const ErrorNote = ({ error, after }: { readonly error: unknown; readonly after?: ReactNode }) => {
  const kind = failureKindOf(error)
  return (
    <Alert>
      {kind === undefined ? (
        <>
          {errorWithId(error)}
          {after === undefined ? null : <> {after}</>}
        </>
      ) : (
        <FailureNote kind={kind} on="action" detail={errorWithId(error)} after={after} />
      )}
    </Alert>
  )
}
