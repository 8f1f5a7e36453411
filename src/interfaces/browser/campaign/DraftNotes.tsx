import { Trans, useTranslation } from "react-i18next"
import { Link } from "wouter"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { linkLook } from "../ui/kit.tsx"
import { sentences } from "../ui/sentences.ts"
import { savedAtText } from "./draft.ts"

// What the new-campaign form says of its draft: kept as the organiser types, restored on return,
// discarded only once they say yes.

const note = "space-y-2 rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"

/** A draft was restored: when it was saved, the uploads it lost, and "Discard draft". */
export const RestoredNote = ({
  savedAt,
  viewer,
  gone,
  onDiscard
}: {
  readonly savedAt: number
  readonly viewer: string
  /** how many of its uploads the server no longer has */
  readonly gone: number
  readonly onDiscard: () => void
}) => {
  const { t } = useTranslation()
  return (
    <div className={note}>
      <p role="status">
        {sentences(
          t("draft.restored", { saved: savedAtText(savedAt, viewer) }),
          gone === 0 ? null : t("draft.lost", { count: gone })
        )}
      </p>
      <ConfirmButton
        label={t("draft.discard")}
        question={t("draft.discardQuestion")}
        confirmLabel={t("draft.yesDiscard")}
        keepLabel={t("draft.keep")}
        pending={false}
        onConfirm={onDiscard}
        small
      />
    </div>
  )
}

/** "New campaign" followed while on the form holding a draft: it is below, or start again. */
export const AgainNote = ({
  savedAt,
  viewer,
  onStartAgain
}: {
  readonly savedAt: number
  readonly viewer: string
  readonly onStartAgain: () => void
}) => {
  const { t } = useTranslation()
  return (
    <div className={note}>
      <p role="status">{t("draft.already", { saved: savedAtText(savedAt, viewer) })}</p>
      <ConfirmButton
        label={t("draft.startAgain")}
        question={t("draft.discardQuestion")}
        confirmLabel={t("draft.yesDiscard")}
        keepLabel={t("draft.keep")}
        pending={false}
        onConfirm={onStartAgain}
        small
      />
    </div>
  )
}

/** A copy opened while a draft is kept: changing the copy replaces it, so say so first. */
export const OtherDraftNote = ({ savedAt, viewer }: { readonly savedAt: number; readonly viewer: string }) => (
  <div className={note}>
    <p>
      <Trans
        i18nKey="draft.other"
        values={{ saved: savedAtText(savedAt, viewer) }}
        components={{ back: <Link href="/campaigns/new" className={linkLook} /> }}
      />
    </p>
  </div>
)

/** The quiet line by the form's actions: kept, when, or why not. */
export const DraftLine = ({
  savedAt,
  refused,
  viewer
}: {
  readonly savedAt: number | null
  readonly refused: boolean
  readonly viewer: string
}) => {
  const { t } = useTranslation()
  return refused ? (
    <p className="text-sm text-amber-900">{t("draft.cannotKeep")}</p>
  ) : savedAt === null ? null : (
    <p className="text-sm text-slate-600" data-testid="draft-line">
      {t("draft.line", { saved: savedAtText(savedAt, viewer) })}
    </p>
  )
}
