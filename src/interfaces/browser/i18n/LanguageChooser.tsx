import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useEffect, useId, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { AppLanguage } from "../../../domain/shared/languages.ts"
import { APP_LANGUAGES, isAppLanguage } from "../../../domain/shared/languages.ts"
import { useMe } from "../session.tsx"
import { useTRPC } from "../trpc.ts"
import { browserLanguage, LANGUAGE_NAMES, rememberedLanguage, rememberLanguage, showLanguage } from "./i18n.ts"
import { currentLanguage } from "./language.ts"

/**
 * Shows the page in the signed-in account's chosen language (auth.me's `language`), once auth.me
 * answers and whenever it changes, and remembers it in this browser so the next load starts in it.
 * An account that chose none keeps the language this browser chose (before signing in, or while
 * the account waited for approval), else follows the browser's; once the account is ACTIVE that
 * remembered choice is saved on it (auth.setLanguage), so another browser shows it too. Renders nothing.
 */
export const FollowAccountLanguage = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const me = useMe()
  const keep = useMutation(
    trpc.auth.setLanguage.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), exact: true })
    })
  )
  const { mutate } = keep
  const user = me.data?.user ?? null
  const followed = useRef<string | null>(null)
  useEffect(() => {
    if (user === null) return
    const chosen = user.language
    // the status too: a remembered choice is saved once a waiting account becomes ACTIVE
    const key = `${user.id} ${user.status} ${chosen ?? ""}`
    if (followed.current === key) return
    followed.current = key
    if (chosen !== null) {
      rememberLanguage(chosen)
      void showLanguage(chosen)
      return
    }
    const remembered = rememberedLanguage()
    void showLanguage(remembered ?? browserLanguage())
    if (remembered !== null && user.status === "ACTIVE") mutate({ language: remembered })
  }, [user, mutate])
  return null
}

/**
 * The header's language menu: each language by its own name. The choice shows at once, is kept in
 * this browser and, when someone is signed in and ACTIVE, on their account (auth.setLanguage), so
 * their other browsers show it too. (Mails are still written in English.)
 */
export const LanguageChooser = () => {
  const { t, i18n } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const me = useMe()
  const id = useId()
  const keep = useMutation(
    trpc.auth.setLanguage.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), exact: true })
    })
  )
  const user = me.data?.user ?? null
  const choose = (language: AppLanguage) => {
    rememberLanguage(language)
    void showLanguage(language)
    if (user !== null && user.status === "ACTIVE") keep.mutate({ language })
  }
  // re-rendered on a change of language by useTranslation
  const shown =
    i18n.resolvedLanguage !== undefined && isAppLanguage(i18n.resolvedLanguage)
      ? i18n.resolvedLanguage
      : currentLanguage()
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("layout.language")}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => {
          const value = event.target.value
          if (isAppLanguage(value)) choose(value)
        }}
        className="rounded-md border border-sky-700 bg-sky-900 px-2 py-1 text-sm text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {APP_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  )
}
