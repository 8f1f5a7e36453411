// One formatter per shape, made once: building an Intl.DateTimeFormat is the costly part, and a
// 1,000-message campaign formats thousands of instants.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: "short" })

/** The viewer's time zone, named once on a screen that shows times ("Europe/Berlin"). */
export const viewerTimeZone = dateTime.resolvedOptions().timeZone

/** An ISO instant as a date and time in the viewer's zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso))

/** The time alone, when the date is already shown nearby. */
export const formatTime = (iso: string): string => timeOnly.format(new Date(iso))
