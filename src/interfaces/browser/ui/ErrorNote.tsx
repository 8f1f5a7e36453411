import { errorText, isAppError } from "../trpc.ts"
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
  return id !== undefined && !text.includes(id) ? `${text} (error id ${id})` : text
}

export const ErrorNote = ({ error }: { readonly error: unknown }) => <Alert>{errorWithId(error)}</Alert>
