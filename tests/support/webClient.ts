import type { TRPCClient, TRPCUntypedClient } from "@trpc/client"
import { createTRPCClient, getUntypedClient, httpBatchLink, httpLink, isTRPCClientError } from "@trpc/client"
import type { inferRouterInputs, TRPC_ERROR_CODE_KEY } from "@trpc/server"
import type { AppRouter } from "../../src/interfaces/web/routers/appRouter.ts"

/** An HTTP answer as it arrived: status, headers (Set-Cookie included) and the body as sent. */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: string
}

/** Each procedure's input type: `ApiInputs["campaign"]["create"]` */
export type ApiInputs = inferRouterInputs<AppRouter>
/** Every procedure's path (`user.getSessionQR`): for tables of calls made through `untyped`. */
export type ProcedurePath = { [R in keyof ApiInputs & string]: `${R}.${keyof ApiInputs[R] & string}` }[keyof ApiInputs &
  string]

export interface WebClientOptions {
  /** the Origin mutations carry (the CSRF check wants the application's own); null sends none */
  readonly origin: string | null
  /** sent on every request (e.g. the X-Forwarded-For of a proxy in front) */
  readonly headers?: Readonly<Record<string, string>>
  /** send the calls made in one tick as one batch request (at most 10, the server's limit), as the browser app does */
  readonly batch?: boolean
}

// the answer behind each Response handed to tRPC: a failed call's TRPCClientError keeps that
// Response in its meta, and callError reads the status, headers and body from here. Keyed by
// object, not checked with instanceof: an in-process @hono/node-server swaps the global Response.
const answers = new WeakMap<object, Answer>()

/**
 * A browser-like caller of /api/trpc over real HTTP, typed from the server's AppRouter: keeps the
 * session cookie it is given (each instance is one browser, so a test may have several users) and
 * sends the Origin the CSRF check wants on mutations. Plain JSON, no transformer, as the server
 * speaks (docs/architecture.md#the-web-contract).
 */
export class WebClient {
  /** the session cookie's value (null: none); set it to act as a browser that kept an old cookie */
  cookie: string | null = null
  /** its name: `session`, or `__Host-session` when the server's AUTH_URL is https */
  cookieName = "session"
  /** how many HTTP requests this client sent */
  requests = 0
  private latest: Answer | null = null
  private readonly options: WebClientOptions
  /** the API, typed from the server's router */
  readonly api: TRPCClient<AppRouter>
  /** the same calls without the types: for inputs and paths that are wrong on purpose (validation, fuzzing, matrices) */
  readonly untyped: TRPCUntypedClient<AppRouter>

  constructor(baseUrl: string, options: WebClientOptions) {
    this.options = options
    const link = {
      url: `${baseUrl}/api/trpc`,
      fetch: (url: unknown, init?: RequestInit) => this.send(String(url), init)
    }
    this.api = createTRPCClient<AppRouter>({
      links: [options.batch === true ? httpBatchLink({ ...link, maxItems: 10 }) : httpLink(link)]
    })
    this.untyped = getUntypedClient(this.api)
  }

  /** The answer to this client's latest call. */
  get lastAnswer(): Answer {
    if (this.latest === null) throw new Error("this client has made no call yet")
    return this.latest
  }

  private async send(url: string, init: RequestInit | undefined): Promise<Response> {
    const headers = new Headers(init?.headers)
    for (const [name, value] of Object.entries(this.options.headers ?? {})) headers.set(name, value)
    const method = init?.method ?? "GET"
    if (method !== "GET" && method !== "HEAD" && this.options.origin !== null)
      headers.set("origin", this.options.origin)
    if (this.cookie !== null) headers.set("cookie", `${this.cookieName}=${this.cookie}`)
    this.requests += 1
    const response = await fetch(url, { ...init, headers })
    for (const setCookie of response.headers.getSetCookie()) {
      const match = /^((?:__Host-)?session)=([^;]*)/.exec(setCookie)
      if (match !== null) {
        this.cookieName = match[1]!
        this.cookie = match[2] === "" ? null : match[2]!
      }
    }
    const answer: Answer = { status: response.status, headers: response.headers, body: await response.clone().text() }
    answers.set(response, answer)
    this.latest = answer
    return response
  }
}

/** What a refused call answered: the tRPC error's code, message and data, and the HTTP answer they came in. */
export interface CallError extends Answer {
  /** the tRPC code ("NOT_FOUND"), or the `code` of an answer from outside tRPC (the CSRF check's 403) */
  readonly code: string
  readonly message: string
  /** the short id of an unexpected or gateway failure, when the message cannot carry it */
  readonly errorId: string | undefined
  /** a gateway failure's kind (domain/message/failureKind.ts), for the plain words */
  readonly failureKind: string | undefined
  /** invalid input, field by field */
  readonly issues: ReadonlyArray<{ readonly path: string; readonly message: string }> | undefined
}

/** The CallError of a rejected call; anything that is not the server's answer (a network failure) is thrown again. */
export const callError = (error: unknown): CallError => {
  if (!isTRPCClientError<AppRouter>(error)) throw error
  const response = error.meta?.["response"]
  const answer = typeof response === "object" && response !== null ? answers.get(response) : undefined
  if (answer === undefined) throw error
  const data = error.data
  return {
    ...answer,
    code: data?.code ?? String(error.shape?.code ?? ""),
    message: error.message,
    // the server's errorFormatter adds these to some errors' data alone (src/interfaces/web/trpc.ts)
    errorId: data !== null && data !== undefined && "errorId" in data ? data.errorId : undefined,
    failureKind: data !== null && data !== undefined && "failureKind" in data ? data.failureKind : undefined,
    issues: data !== null && data !== undefined && "issues" in data ? data.issues : undefined
  }
}

/** Awaits a call that must fail, and says how it failed. */
export const failure = (call: Promise<unknown>): Promise<CallError> =>
  call.then((data) => {
    throw new Error(`expected the call to fail; it answered ${JSON.stringify(data)}`)
  }, callError)

/** Awaits a call that must fail with `code` (a tRPC code: a typo does not compile); its CallError, for more checks. */
export const expectTrpcError = async (
  call: Promise<unknown>,
  code: TRPC_ERROR_CODE_KEY,
  label?: string
): Promise<CallError> => {
  const error = await failure(call)
  if (error.code !== code)
    throw new Error(
      `${label === undefined ? "" : `${label}: `}expected ${code}, got ${error.code} (HTTP ${error.status}): ${error.message}`
    )
  return error
}

/** "OK" when the call succeeds, else its error code: for races, where each of several calls may go either way. */
export const codeOf = (call: Promise<unknown>): Promise<string> =>
  call.then(
    () => "OK",
    (error: unknown) => callError(error).code
  )

/** The HTTP status a call was answered with, whether it succeeded or failed (calls of `client`, one at a time). */
export const statusOf = (client: WebClient, call: Promise<unknown>): Promise<number> =>
  call.then(
    () => client.lastAnswer.status,
    (error: unknown) => callError(error).status
  )
