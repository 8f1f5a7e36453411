/** A catalog of the server's refusals in one language: keys to sentences, nested by error (i18next's resource shape). */
export interface RefusalCatalog {
  readonly [key: string]: string | RefusalCatalog
}
