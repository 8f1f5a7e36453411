import { TRPCError } from "@trpc/server"
import type { ManagedRuntime } from "effect"
import type { Context, Hono } from "hono"
import { createMiddleware } from "hono/factory"
import type { OpenAPIObject } from "trpc-to-openapi"
import { createOpenApiNodeHttpHandler, generateOpenApiDocument } from "trpc-to-openapi"
import { z } from "zod"
import { MEDIA_KINDS } from "../../domain/message/Media.ts"
import { CONTENT_SECURITY_POLICY } from "./browserApp.ts"
import type { OperationObject, PathItemObject, ResponsesObject } from "./httpApiReference.ts"
import { API_DOCS_CSS, apiReferencePage } from "./httpApiReference.ts"
import type { KeyHolderOf } from "./mediaRoutes.ts"
import { addMediaRoutes } from "./mediaRoutes.ts"
import { appRouter } from "./routers/appRouter.ts"
import { idempotencyKey } from "./routers/campaignRouter.ts"
import type { WebContext } from "./trpc.ts"
import type { WebServices } from "./WebServices.ts"

/**
 * The JSON HTTP API (docs/api.md#http-api-apiv1): the tRPC procedures that declare
 * `meta.openapi`, served by trpc-to-openapi over the same router and context as /api/trpc, its
 * uploads (the /api/media handlers), its OpenAPI 3.1 document and a reference page. Every error
 * is application/problem+json (RFC 9457).
 */
export const API_V1 = "/api/v1"
export const API_V1_MEDIA_PATH = `${API_V1}/media`
/** info.version of the document: the API's own, raised when an operation changes */
export const API_VERSION = "1.0.0"
export const DOCUMENT_PATH = `${API_V1}/openapi.json`
export const DOCS_PATH = `${API_V1}/docs`

/** The HTTP statuses the API answers with, and their reason phrases (a problem's `title`). */
const STATUS_TITLES: ReadonlyMap<number, string> = new Map([
  [400, "Bad Request"],
  [401, "Unauthorized"],
  [403, "Forbidden"],
  [404, "Not Found"],
  [405, "Method Not Allowed"],
  [408, "Request Timeout"],
  [409, "Conflict"],
  [412, "Precondition Failed"],
  [413, "Content Too Large"],
  [415, "Unsupported Media Type"],
  [422, "Unprocessable Content"],
  [429, "Too Many Requests"],
  [500, "Internal Server Error"],
  [502, "Bad Gateway"],
  [503, "Service Unavailable"],
  [504, "Gateway Timeout"]
])

const PROBLEM_TYPE = "application/problem+json"

/** What an error answer of the API holds (components.schemas.Problem of the document). */
const problemSchema = z
  .object({
    type: z.string().meta({ description: "about:blank: the status says what happened" }),
    title: z.string().meta({ description: "the status's reason phrase" }),
    status: z.number().int(),
    detail: z.string().meta({ description: "what went wrong, in plain words" }),
    code: z.string().meta({ description: "the error's code, as /api/trpc names it (BAD_REQUEST, NOT_FOUND, …)" }),
    errorId: z.string().optional().meta({ description: "quote it to the operator: the log has the detail under it" }),
    failureKind: z.string().optional().meta({ description: "a gateway failure's kind" }),
    errors: z
      .array(
        z.object({
          field: z.string().meta({ description: "the field, as a dotted path (messages.0.scheduledAt)" }),
          pointer: z.string().meta({ description: "the same field as a JSON pointer (/messages/0/scheduledAt)" }),
          message: z.string()
        })
      )
      .optional()
      .meta({ description: "for invalid input: each field at fault" })
  })
  .meta({ id: "Problem" })
type Problem = z.output<typeof problemSchema>

/** The error bodies the handlers below give before they are made problems. */
const trpcErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  data: z
    .object({
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      errorId: z.string().optional(),
      failureKind: z.string().optional()
    })
    .optional()
})
const plainErrorBody = z.object({ error: z.object({ message: z.string(), code: z.string() }) })

const pointerOf = (field: string): string =>
  field === ""
    ? ""
    : `/${field
        .split(".")
        .map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1"))
        .join("/")}`

/** An error answer of tRPC, trpc-to-openapi or a Hono handler as an RFC 9457 problem. */
export const problemOf = (status: number, body: unknown): Problem => {
  const title = STATUS_TITLES.get(status) ?? "Error"
  const trpc = trpcErrorBody.safeParse(body)
  if (trpc.success) {
    const { message, code, data } = trpc.data
    const errors = data?.issues?.map(({ path, message }) => ({ field: path, pointer: pointerOf(path), message }))
    const detail =
      errors !== undefined && errors.length > 0
        ? `the request is not valid: ${errors.map((e) => (e.field === "" ? e.message : `${e.field}: ${e.message}`)).join("; ")}`
        : code === "PARSE_ERROR"
          ? "the request body is not valid JSON"
          : message
    return {
      type: "about:blank",
      title,
      status,
      detail,
      code: code === "PARSE_ERROR" ? "BAD_REQUEST" : code,
      ...(data?.errorId === undefined ? {} : { errorId: data.errorId }),
      ...(data?.failureKind === undefined ? {} : { failureKind: data.failureKind }),
      ...(errors === undefined ? {} : { errors })
    }
  }
  const plain = plainErrorBody.safeParse(body)
  const detail = plain.success ? plain.data.error.message : title.toLowerCase()
  const code = plain.success ? plain.data.error.code : "INTERNAL_SERVER_ERROR"
  return { type: "about:blank", title, status, detail, code }
}

/**
 * Every error answer under /api/v1 as application/problem+json, whoever gave it (the CSRF check,
 * the body limit, tRPC, the upload handlers). First among /api/v1's middleware, so it sees them all.
 */
export const problemAnswers = createMiddleware(async (c, next) => {
  await next()
  const res = c.res
  if (res.status < 400 || !(res.headers.get("content-type") ?? "").startsWith("application/json")) return
  const body: unknown = await res.json().catch(() => null)
  const headers = new Headers(res.headers)
  headers.set("Content-Type", PROBLEM_TYPE)
  headers.delete("Content-Length")
  c.res = new Response(JSON.stringify(problemOf(res.status, body)), { status: res.status, headers })
})

/** The uploads are Hono handlers, not procedures: described here, beside the generated operations. */
const mediaPaths = {
  "/media": {
    post: {
      operationId: "media-upload",
      tags: ["Media"],
      summary: "Upload an image or file",
      description:
        "One file, at most 16 MB, as multipart/form-data in a field named file; its type is read from its bytes. Refer to it in a message as media: {id}.",
      requestParams: { header: idempotencyKey },
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ file: z.string().meta({ format: "binary", description: "the file" }) })
          }
        }
      },
      responses: {
        "201": {
          description: "The upload, kept for the caller",
          content: {
            "application/json": {
              schema: z.object({
                id: z.string(),
                mimetype: z.string(),
                filename: z.string(),
                size: z.number(),
                kind: z.enum(MEDIA_KINDS)
              })
            }
          }
        }
      }
    }
  },
  "/media/{id}": {
    get: {
      operationId: "media-get",
      tags: ["Media"],
      summary: "An upload's bytes",
      description: "The caller's own uploads only (404 otherwise), with their detected type.",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "200": {
          description: "The file's bytes",
          content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } }
        }
      }
    }
  }
}

const METHODS = ["get", "post", "patch", "delete"] as const

/** The error answers each operation declares: every one may meet these. */
const errorStatuses = (method: (typeof METHODS)[number], path: string): ReadonlyArray<number> => [
  ...(path === "/media"
    ? [400, 401, 403, 408, 413, 415, 429, 500, 503]
    : [400, 401, 403, 404, 412, 429, 500, 502, 503, 504]),
  ...(method === "get" || path === "/media" ? [] : [409, 413, 415])
]

/** Whether the operation takes an Idempotency-Key: it may then answer 409 (the first still running) and 422 (another request). */
const takesIdempotencyKey = (operation: OperationObject): boolean =>
  (operation.parameters ?? []).some((p) => "name" in p && p.in === "header" && p.name === "Idempotency-Key")

/** Error responses as problems, in place of the generator's own error bodies; Retry-After on 429. */
const withProblems = (method: (typeof METHODS)[number], path: string, operation: OperationObject): OperationObject => {
  const responses: ResponsesObject = {}
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (Number(status) < 400) responses[status] = response
  }
  const statuses = new Set([...errorStatuses(method, path), ...(takesIdempotencyKey(operation) ? [409, 422] : [])])
  for (const status of [...statuses].sort((a, b) => a - b)) {
    responses[String(status)] = { $ref: `#/components/responses/Problem${status}` }
  }
  return { ...operation, responses }
}

/** The OpenAPI 3.1 document of /api/v1, generated from the procedures' schemas and meta (built once). */
export const buildApiDocument = (): OpenAPIObject => {
  const generated = generateOpenApiDocument(appRouter, {
    title: "Herald HTTP API",
    description:
      "Schedule WhatsApp group messages. Authenticate with an Authorization: Bearer <API key> header (keys are made in Herald's API keys page). Errors are application/problem+json (RFC 9457).",
    version: API_VERSION,
    baseUrl: API_V1,
    securitySchemes: {
      Authorization: { type: "http", scheme: "bearer", description: "a personal API key (hk_…)" }
    },
    paths: mediaPaths,
    defs: { Problem: problemSchema }
  })
  const paths: Record<string, PathItemObject> = {}
  for (const [path, item] of Object.entries(generated.paths ?? {})) {
    const out: PathItemObject = { ...item }
    for (const method of METHODS) {
      const operation = item[method]
      if (operation !== undefined) {
        out[method] = withProblems(method, path, {
          ...operation,
          security: operation.security ?? [{ Authorization: [] }]
        })
      }
    }
    paths[path] = out
  }
  const schemas = Object.fromEntries(
    Object.entries(generated.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error."))
  )
  const responses: ResponsesObject = {}
  for (const [status, title] of STATUS_TITLES) {
    responses[`Problem${status}`] = {
      description: title,
      ...(status === 429
        ? { headers: { "Retry-After": { description: "seconds to wait", schema: { type: "integer" } } } }
        : {}),
      content: { [PROBLEM_TYPE]: { schema: { $ref: "#/components/schemas/Problem" } } }
    }
  }
  return {
    ...generated,
    servers: [{ url: API_V1, description: "this Herald" }],
    security: [{ Authorization: [] }],
    paths,
    components: { ...generated.components, schemas, responses }
  }
}

interface HttpApiOptions {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  readonly origins: ReadonlySet<string>
  readonly secureCookies: boolean
  readonly contextFor: (req: Request, resHeaders: Headers, c: Context) => Promise<WebContext & Record<string, unknown>>
  readonly keyHolderOf: KeyHolderOf
  readonly onError: (path: string | undefined, error: TRPCError) => void
}

/**
 * A POST or PATCH with no body and no type (`curl -X POST …/cancel`, whose input is all in the
 * path) read as the empty JSON object: trpc-to-openapi would refuse it for its missing type.
 */
const withEmptyBodyAsJson = (req: Request): Request =>
  (req.method === "POST" || req.method === "PATCH") &&
  req.headers.get("content-type") === null &&
  (req.headers.get("content-length") ?? "0") === "0" &&
  req.headers.get("transfer-encoding") === null
    ? new Request(req.url, {
        method: req.method,
        headers: [...req.headers, ["content-type", "application/json"]],
        body: "{}",
        signal: req.signal
      })
    : req

/** /api/v1: its document, reference page, uploads and operations (after the CSRF check and body limits). */
export const addHttpApi = (
  app: Hono,
  { runtime, origins, secureCookies, contextFor, keyHolderOf, onError }: HttpApiOptions
) => {
  // built at the first request for it (a few milliseconds), then kept: the procedures do not change
  let built: { readonly document: OpenAPIObject; readonly text: string; readonly page: string } | null = null
  const documentOnce = () => {
    if (built === null) {
      const document = buildApiDocument()
      built = { document, text: JSON.stringify(document), page: apiReferencePage(document) }
    }
    return built
  }
  app.get(DOCUMENT_PATH, (c) => c.body(documentOnce().text, 200, { "Content-Type": "application/json" }))
  app.get(`${DOCS_PATH}.css`, (c) => c.body(API_DOCS_CSS, 200, { "Content-Type": "text/css; charset=utf-8" }))
  // the application's own policy: the page is markup and one stylesheet of this origin, no script
  app.get(DOCS_PATH, (c) => c.html(documentOnce().page, 200, { "Content-Security-Policy": CONTENT_SECURITY_POLICY }))

  addMediaRoutes(app, { runtime, origins, secureCookies, base: API_V1_MEDIA_PATH, keyHolderOf })

  /**
   * A GET or DELETE's query parameters, each a list of its values, those the document types as
   * numbers read as numbers when they are written as one (else left for the schema to refuse).
   */
  let numericQueries: ReadonlyArray<{
    readonly method: string
    readonly pattern: RegExp
    readonly names: ReadonlySet<string>
  }> | null = null
  const queryOf = (method: string, url: URL): Record<string, Array<string | number>> => {
    numericQueries ??= numericQueryParameters(documentOnce().document)
    const numeric = numericQueries.find((o) => o.method === method && o.pattern.test(url.pathname))?.names
    const query: Record<string, Array<string | number>> = {}
    url.searchParams.forEach((value, key) => {
      const read = numeric?.has(key) === true && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
      query[key] = [...(query[key] ?? []), read]
    })
    return query
  }

  /** what createContext needs of the request being served: found by the fake response it is given */
  const pending = new WeakMap<object, { readonly req: Request; readonly resHeaders: Headers; readonly c: Context }>()
  // Made once: trpc-to-openapi's fetch adapter makes one per request, and each making checks the
  // router by generating the whole document (some 5 ms a request) unless NODE_ENV is production.
  const handle = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ res }) => {
      const call = pending.get(res)
      if (call === undefined) throw new Error("/api/v1: a request without its context")
      return contextFor(call.req, call.resHeaders, call.c)
    },
    onError: ({ error, path }) => onError(path, error)
  })

  app.all(`${API_V1}/*`, async (c) => {
    const req = withEmptyBodyAsJson(c.req.raw)
    // as trpc-to-openapi's fetch adapter does: the URL without /api/v1, the body read as JSON
    const url = req.url.replace(API_V1, "")
    const body = await readJsonBody(req)
    // the query string as the procedure's input reads it (numbers as numbers, exactInputs.ts)
    const query = req.method === "GET" || req.method === "DELETE" ? queryOf(req.method, new URL(url)) : undefined
    const request = new Proxy(req, {
      get: (target, name) => {
        if (name === "url") return url
        if (name === "query") return query
        if (name === "body") {
          if (!body.ok)
            throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: body.cause })
          return body.data
        }
        return Reflect.get(target, name)
      }
    })
    const resHeaders = new Headers()
    const res = await new Promise<Response>((resolve) => {
      const headers = new Headers()
      let status = 200
      const response = {
        setHeader: (name: string, value: string | ReadonlyArray<string>) => {
          if (typeof value === "string") headers.set(name, value)
          else for (const v of value) headers.append(name, v)
        },
        get statusCode() {
          return status
        },
        set statusCode(code: number) {
          status = code
        },
        end: (text?: string) => resolve(new Response(text, { status, headers }))
      }
      pending.set(response, { req, resHeaders, c })
      handleAsNode(handle, request, response).catch(() =>
        resolve(Response.json({ message: "internal error", code: "INTERNAL_SERVER_ERROR" }, { status: 500 }))
      )
    })
    // what the context set: Retry-After on a refused key, a renewed session cookie
    resHeaders.forEach((value, name) => {
      res.headers.append(name, value)
    })
    return res
  })
}

/** For each GET and DELETE operation: its path as a pattern, and its query parameters typed as numbers. */
const numericQueryParameters = (document: OpenAPIObject) =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "delete"] as const).flatMap((method) => {
      const names = new Set(
        (item[method]?.parameters ?? []).flatMap((p) =>
          "$ref" in p || p.in !== "query" || !isNumberSchema(p.schema) ? [] : [p.name]
        )
      )
      return names.size === 0
        ? []
        : [
            {
              method: method.toUpperCase(),
              pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`, "i"),
              names
            }
          ]
    })
  )

const isNumberSchema = (schema: unknown): boolean =>
  typeof schema === "object" &&
  schema !== null &&
  "type" in schema &&
  (schema.type === "integer" || schema.type === "number")

/** A JSON request's body (what trpc-to-openapi reads as `req.body`), or why it is not JSON. */
const readJsonBody = async (
  req: Request
): Promise<{ readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly cause: unknown }> => {
  if (!(req.headers.get("content-type") ?? "").includes("application/json")) return { ok: true, data: undefined }
  try {
    return { ok: true, data: JSON.parse(await req.text()) }
  } catch (cause) {
    return { ok: false, cause }
  }
}

/**
 * Calls the node handler with a fetch Request and a response of the four members it uses, as
 * trpc-to-openapi's own fetch adapter does (its handler reads either kind of request; its types
 * name node's alone, hence the one conversion here).
 */
const handleAsNode = (
  handle: ReturnType<typeof createOpenApiNodeHttpHandler>,
  request: Request,
  response: object
): Promise<void> => Reflect.apply(handle, undefined, [request, response])
