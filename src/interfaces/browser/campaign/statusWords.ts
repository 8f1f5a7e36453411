/** Who sees a campaign's Status posts, in the organiser's words. */
export const statusAudienceWords = (contacts: ReadonlyArray<string> | null): string =>
  contacts === null
    ? "Your Status, seen by all your contacts"
    : `Your Status, seen by ${contacts.length} chosen ${contacts.length === 1 ? "contact" : "contacts"}`
