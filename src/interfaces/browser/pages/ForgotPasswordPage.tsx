import { PageTitle } from "../ui/kit.tsx"

// placeholder: built in issue 11
export const ForgotPasswordPage = () => <PageTitle>ForgotPasswordPage</PageTitle>
