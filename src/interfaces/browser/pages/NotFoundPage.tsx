import { Trans, useTranslation } from "react-i18next"
import { Link } from "wouter"
import { linkLook, PageTitle } from "../ui/kit.tsx"

export const NotFoundPage = () => {
  const { t } = useTranslation()
  return (
    <div>
      <PageTitle>{t("notFound.title")}</PageTitle>
      <p>
        <Trans i18nKey="notFound.text" components={{ start: <Link href="/" className={linkLook} /> }} />
      </p>
    </div>
  )
}
