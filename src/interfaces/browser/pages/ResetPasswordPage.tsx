import { PageTitle } from "../ui/kit.tsx"

// placeholder: built in issue 11
export const ResetPasswordPage = () => <PageTitle>ResetPasswordPage</PageTitle>
