import { z } from "zod"

/**
 * Input fields of the procedures /api/v1 serves that must read exactly as /api/trpc reads them.
 * trpc-to-openapi sets `coerce` on the plain z.number()s and z.boolean()s of an input it serves
 * (meant for query strings), on the one schema both transports share: /api/trpc would then take
 * "10" for 10, and read "false" as true, from the first /api/v1 call on. A pipe it leaves as is.
 * What a query string sends is converted in httpApi.ts instead, by the document's parameter types.
 */

/** A JSON boolean: true or false, never a string. */
export const flag = z.boolean().pipe(z.boolean())

/** A whole number between min and max, never a string. */
export const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max).pipe(z.number())
