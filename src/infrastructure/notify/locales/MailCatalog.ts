/** A catalog of mail words: keys to sentences, nested by mail (i18next's resource shape). */
export interface MailCatalog {
  readonly [key: string]: string | MailCatalog
}
