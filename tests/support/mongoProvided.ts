// What globalSetup provides to the test files (no runtime import of vitest here: the global
// setup runs outside the test workers).
declare module "vitest" {
  export interface ProvidedContext {
    /** a MongoDB-protocol server for the Mongo suites (FerretDB or MONGODB_TEST_URL), or null: skip them */
    mongoUrl: string | null
  }
}

export const MONGO_SKIP_REASON =
  "skipped: no MongoDB for tests (set MONGODB_TEST_URL, or install Go so that FerretDB can be built)"
