import type { OpenAPIObject } from "trpc-to-openapi"

// The document's parts, named from trpc-to-openapi's own type (openapi3-ts is its dependency, not ours).
export type PathItemObject = NonNullable<OpenAPIObject["paths"]>[string]
export type OperationObject = NonNullable<PathItemObject["get"]>
export type ResponsesObject = NonNullable<OperationObject["responses"]>
type ParameterOrReference = NonNullable<OperationObject["parameters"]>[number]
type ReferenceObject = Extract<ParameterOrReference, { $ref: string }>
type ParameterObject = Exclude<ParameterOrReference, ReferenceObject>
type RequestBodyObject = Exclude<NonNullable<OperationObject["requestBody"]>, ReferenceObject>
type ResponseObject = Exclude<ResponsesObject[string], ReferenceObject>

/**
 * GET /api/v1/docs: the OpenAPI document as one server-rendered page (operations, parameters,
 * bodies, responses, a curl example each). No script and no inline style, so it lives within
 * the application's Content-Security-Policy (browserApp.ts); its stylesheet is /api/v1/docs.css.
 */

const escapeHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

const isReference = (value: object): value is ReferenceObject => "$ref" in value

/** `#/components/schemas/Campaign` → `Campaign` */
const refName = (ref: string): string => ref.slice(ref.lastIndexOf("/") + 1)

/** A schema as indented JSON, each `$ref` a link to the schema it names. */
const schemaHtml = (schema: unknown): string =>
  escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&quot;\$ref&quot;: &quot;#\/components\/schemas\/([^&]+)&quot;/g,
    (_, name: string) => `&quot;$ref&quot;: <a href="#schema-${name}">${name}</a>`
  )

const schemaOf = (media: unknown): unknown =>
  typeof media === "object" && media !== null && "schema" in media ? media.schema : {}

const METHODS = ["get", "post", "patch", "delete"] as const

/** An example body for the curl line: each required field of an object schema, as a placeholder of its type. */
const exampleOf = (schema: unknown, document: OpenAPIObject, depth = 0): unknown => {
  if (depth > 4 || typeof schema !== "object" || schema === null) return null
  if ("$ref" in schema && typeof schema.$ref === "string") {
    return exampleOf(document.components?.schemas?.[refName(schema.$ref)], document, depth + 1)
  }
  const type = "type" in schema ? schema.type : undefined
  if (type === "object" && "properties" in schema && typeof schema.properties === "object" && schema.properties) {
    const required = "required" in schema && Array.isArray(schema.required) ? schema.required : []
    return Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([name]) => required.includes(name))
        .map(([name, property]) => [name, exampleOf(property, document, depth + 1)])
    )
  }
  if (type === "array") return []
  if (type === "integer" || type === "number") return 0
  if (type === "boolean") return false
  if ("enum" in schema && Array.isArray(schema.enum)) return schema.enum[0] ?? ""
  return "…"
}

const curlOf = (method: string, path: string, operation: OperationObject, document: OpenAPIObject): string => {
  const lines = [`curl -X ${method.toUpperCase()} "$HERALD/api/v1${path}"`, `  -H "Authorization: Bearer $HERALD_KEY"`]
  const body = operation.requestBody
  if (body !== undefined && !isReference(body)) {
    const json = body.content["application/json"]
    if (json !== undefined) {
      lines.push(`  -H "Content-Type: application/json"`)
      lines.push(`  -d '${JSON.stringify(exampleOf(json.schema, document))}'`)
    } else if (body.content["multipart/form-data"] !== undefined) {
      lines.push(`  -F "file=@photo.jpg"`)
    }
  }
  return lines.join(" \\\n")
}

/** A parameter's schema in one line, its description apart (said once, in words). */
const parameterCell = (p: ParameterObject): string => {
  const schema = typeof p.schema === "object" && p.schema !== null ? p.schema : {}
  const { description, ...rest } = { description: undefined, ...schema }
  const words = p.description ?? (typeof description === "string" ? description : undefined)
  return `<code>${escapeHtml(JSON.stringify(rest))}</code>${words === undefined ? "" : ` ${escapeHtml(words)}`}`
}

const parametersHtml = (parameters: ReadonlyArray<ParameterObject | ReferenceObject>): string => {
  const rows = parameters
    .filter((p): p is ParameterObject => !isReference(p))
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required === true ? "yes" : "no"}</td><td>${parameterCell(p)}</td></tr>`
    )
  return rows.length === 0
    ? ""
    : `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
}

const bodyHtml = (body: RequestBodyObject | ReferenceObject | undefined): string => {
  if (body === undefined || isReference(body)) return ""
  return Object.entries(body.content)
    .map(([type, media]) => `<h4>Body (${escapeHtml(type)})</h4><pre>${schemaHtml(media.schema ?? {})}</pre>`)
    .join("")
}

const responsesHtml = (responses: Record<string, ResponseObject | ReferenceObject>): string => {
  const items = Object.entries(responses).map(([status, response]) => {
    if (isReference(response)) {
      return `<li><strong>${escapeHtml(status)}</strong> <a href="#problem">problem</a></li>`
    }
    const content = Object.entries(response.content ?? {})
      .map(([type, media]) => `<pre>${escapeHtml(type)}: ${schemaHtml(schemaOf(media))}</pre>`)
      .join("")
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description)}${content}</li>`
  })
  return `<h4>Responses</h4><ul class="responses">${items.join("")}</ul>`
}

export const apiReferencePage = (document: OpenAPIObject): string => {
  const operations: Array<string> = []
  const index: Array<string> = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method]
      if (operation === undefined) continue
      const anchor = escapeHtml(operation.operationId ?? `${method}-${path}`)
      index.push(
        `<li><a href="#${anchor}"><span class="method">${method.toUpperCase()}</span> ${escapeHtml(path)}</a> ${escapeHtml(operation.summary ?? "")}</li>`
      )
      operations.push(
        `<section class="operation" id="${anchor}" aria-labelledby="${anchor}-title"><h3 id="${anchor}-title"><span class="method">${method.toUpperCase()}</span> <code>/api/v1${escapeHtml(path)}</code> ${escapeHtml(operation.summary ?? "")}</h3>` +
          `<p>${escapeHtml(operation.description ?? "")}</p>` +
          parametersHtml(operation.parameters ?? []) +
          bodyHtml(operation.requestBody) +
          responsesHtml(operation.responses ?? {}) +
          `<h4>Example</h4><pre>${escapeHtml(curlOf(method, path, operation, document))}</pre></section>`
      )
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${schemaHtml(schema)}</pre></section>`
  )
  const title = escapeHtml(document.info.title)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} reference</title>
<link rel="stylesheet" href="/api/v1/docs.css">
</head>
<body>
<header><h1>${title} <small>version ${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? "")}</p>
<p>The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}). In the examples, <code>$HERALD</code> is this server's address and <code>$HERALD_KEY</code> your API key.</p>
</header>
<main>
<nav aria-label="Operations"><h2>Operations</h2><ul>${index.join("")}</ul></nav>
<h2>Operations in detail</h2>
${operations.join("\n")}
<section id="problem"><h2>Errors</h2><p>Every error answer is <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> in plain words, <code>code</code>, and for invalid input <code>errors</code>: each field at fault as a dotted path and a JSON pointer, with a message. A 429 says how many seconds to wait in <code>Retry-After</code>.</p></section>
<h2>Schemas</h2>
${schemas.join("\n")}
</main>
</body>
</html>`
}

export const API_DOCS_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1a1a1a;background:#fff}
h1 small{font-size:.6em;color:#555;font-weight:normal}
a{color:#0b57d0}
code,pre{font-family:ui-monospace,monospace;font-size:.875rem}
pre{background:#f4f4f5;padding:.75rem;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere}
.operation{border-top:1px solid #ccc;padding-top:.5rem;margin-top:1.5rem}
.method{display:inline-block;min-width:4.5em;font-family:ui-monospace,monospace;font-weight:bold;color:#0f5132}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
nav ul{padding-left:1rem}
.responses li{margin:.25rem 0}
`
