import type { APIRequestContext } from "playwright-core"

/**
 * tRPC calls made with a browser context's own cookie jar (Playwright's `context.request`):
 * set-up a test does not need to click through (a sign-up whose cookie the page then uses).
 */
export const browserApi = (request: APIRequestContext, baseUrl: string) => {
  const unwrap = async (response: Awaited<ReturnType<APIRequestContext["get"]>>, path: string): Promise<unknown> => {
    const body: unknown = await response.json()
    if (!response.ok()) throw new Error(`${path}: HTTP ${response.status()} ${JSON.stringify(body)}`)
    return (body as { result: { data: unknown } }).result.data
  }
  return {
    mutation: async (path: string, input?: unknown): Promise<unknown> =>
      unwrap(await request.post(`${baseUrl}/api/trpc/${path}`, { headers: { Origin: baseUrl, "Content-Type": "application/json" }, ...(input === undefined ? {} : { data: JSON.stringify(input) }) }), path),
    query: async (path: string, input?: unknown): Promise<unknown> =>
      unwrap(await request.get(`${baseUrl}/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`), path)
  }
}
