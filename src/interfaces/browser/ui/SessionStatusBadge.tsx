// placeholder: the WhatsApp status, always visible in the header
export const SessionStatusBadge = () => null
