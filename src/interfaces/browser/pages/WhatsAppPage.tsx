import { PageTitle } from "../ui/kit.tsx"

// placeholder: built in issue 11
export const WhatsAppPage = () => <PageTitle>WhatsAppPage</PageTitle>
