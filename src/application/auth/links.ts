/**
 * Full links into the browser app, from AUTH_URL (no trailing slash: the configuration checks
 * it), for mails that must open the right page wherever they are read.
 */
export const adminPageLink = (appUrl: string): string => `${appUrl}/admin`

export const signInLink = (appUrl: string): string => `${appUrl}/sign-in`
export const whatsAppPageLink = (appUrl: string): string => `${appUrl}/whatsapp`
