import { Effect } from "effect"
import {
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  TopologyType
} from "mongodb"
import type { z } from "zod"
import { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { decodeStored } from "../decodeStored.ts"

export const DUPLICATE_KEY = 11000
export const NAMESPACE_EXISTS = 48
export const INDEX_OPTIONS_CONFLICT = 85
export const INDEX_KEY_SPECS_CONFLICT = 86
/** FerretDB v1 answers it for what it does not do, e.g. a projection on findAndModify */
export const NOT_IMPLEMENTED = 238

/** Masks credentials of any connection string quoted in a driver message. */
export const scrubCredentials = (message: string): string =>
  message.replace(/(mongodb(?:\+srv)?:\/\/)[^\s/]*@/gi, "$1***@")

/**
 * True when the driver failed before sending the command: the client is not connected or closed,
 * or no server could be selected on a single server (FerretDB, a standalone MongoDB). On a replica
 * set or sharded cluster a server selection error may come from the driver's retry of a write
 * whose first attempt was sent (retryable writes), so it proves nothing there.
 */
const neverSent = (error: unknown): boolean =>
  error instanceof MongoNotConnectedError ||
  error instanceof MongoTopologyClosedError ||
  (error instanceof MongoServerSelectionError &&
    (error.reason?.type === TopologyType.Single || error.reason?.type === TopologyType.Unknown))

/**
 * A driver error as the port's StoreUnavailable, with the driver's own message (for an
 * unreachable server: `connect ECONNREFUSED 127.0.0.1:27017`, or the server selection
 * timeout), never with credentials in it; `notWritten` when the command was never sent.
 */
export const toStoreUnavailable = (error: unknown): StoreUnavailable =>
  error instanceof StoreUnavailable
    ? error
    : new StoreUnavailable({
        message: scrubCredentials(error instanceof Error && error.message !== "" ? error.message : String(error)),
        ...(neverSent(error) ? { notWritten: true } : {})
      })

export const serverErrorCode = (error: unknown): number | undefined =>
  error instanceof MongoServerError && typeof error.code === "number" ? error.code : undefined

/** Runs one driver call; any rejection is StoreUnavailable. */
export const attempt = <A>(f: () => Promise<A>): Effect.Effect<A, StoreUnavailable> =>
  Effect.tryPromise({ try: f, catch: toStoreUnavailable })

/**
 * Decodes a document read back from the database (see decodeStored): a document that does
 * not decode is StoreUnavailable naming the collection, the _id and what is wrong.
 * `field` names a field of the schema as the document's.
 */
export const decodeDocument = <S extends z.ZodType>(
  schema: S,
  collection: string,
  doc: unknown,
  field?: (name: string) => string
): Effect.Effect<z.output<S>, StoreUnavailable> =>
  decodeStored(
    schema,
    {
      noun: "document",
      place: collection,
      which: (d) => `_id ${"_id" in d ? String(d["_id"]) : "?"}`,
      ...(field === undefined ? {} : { field })
    },
    doc
  )

export const decodeDocuments = <S extends z.ZodType>(
  schema: S,
  collection: string,
  docs: ReadonlyArray<unknown>,
  field?: (name: string) => string
): Effect.Effect<Array<z.output<S>>, StoreUnavailable> =>
  Effect.forEach(docs, (doc) => decodeDocument(schema, collection, doc, field))
