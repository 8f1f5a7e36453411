import { PageTitle } from "../ui/kit.tsx"

// placeholder: built in issue 11
export const NewCampaignPage = () => <PageTitle>NewCampaignPage</PageTitle>
