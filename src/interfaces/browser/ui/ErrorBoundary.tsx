import type { ErrorInfo, ReactNode } from "react"
import { Component } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, PageTitle } from "./kit.tsx"

/**
 * A screen's code that could not be loaded: a tab opened before a new version was deployed asks
 * for the old hashed file names, which are gone. Chromium, Firefox and Safari word it differently.
 */
export const isFailedChunkLoad = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    error.message
  )

const Fallback = ({ error }: { readonly error: unknown }) => {
  const { t } = useTranslation()
  const updated = isFailedChunkLoad(error)
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle>{updated ? t("errorBoundary.updatedTitle") : t("errorBoundary.wrongTitle")}</PageTitle>
      <Alert kind={updated ? "info" : "error"}>{updated ? t("errorBoundary.updated") : t("errorBoundary.wrong")}</Alert>
      <div className="mt-4">
        <Button onClick={() => window.location.reload()}>{t("errorBoundary.reload")}</Button>
      </div>
    </div>
  )
}

/**
 * Keeps a failing screen from blanking the whole app: the header and footer stay, with a plain
 * message and "Reload" in place of the screen. Going to another screen (`resetKey`, the location)
 * tries again.
 */
export class ErrorBoundary extends Component<
  { readonly resetKey: string; readonly children: ReactNode },
  { readonly error: unknown }
> {
  override state: { readonly error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("unknown error") }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn("herald: a screen failed", error, info.componentStack)
  }

  override componentDidUpdate(previous: { readonly resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null })
  }

  override render() {
    return this.state.error !== null ? <Fallback error={this.state.error} /> : this.props.children
  }
}
