import i18next from "i18next"

/** Who sees a campaign's Status posts, in the organiser's words. */
export const statusAudienceWords = (contacts: ReadonlyArray<string> | null): string =>
  contacts === null ? i18next.t("statusPost.allContacts") : i18next.t("statusPost.chosen", { count: contacts.length })
