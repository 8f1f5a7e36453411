import { Link } from "wouter"
import { linkLook, PageTitle } from "../ui/kit.tsx"

export const NotFoundPage = () => (
  <div>
    <PageTitle>Page not found</PageTitle>
    <p>
      There is nothing at this address.{" "}
      <Link href="/" className={linkLook}>
        Go to the start page
      </Link>
      .
    </p>
  </div>
)
