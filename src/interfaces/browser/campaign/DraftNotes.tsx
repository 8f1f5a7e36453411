import { Link } from "wouter"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { linkLook } from "../ui/kit.tsx"
import { countOf } from "../ui/pacingText.ts"
import { savedAtText } from "./draft.ts"

// What the new-campaign form says of its draft: kept as the organiser types, restored on return,
// discarded only once they say yes.

const note = "space-y-2 rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"

const DISCARD_QUESTION = "Discard this draft? The form starts again empty; this cannot be undone."

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
}) => (
  <div className={note}>
    <p role="status">
      Your draft was restored as you left it (saved {savedAtText(savedAt, viewer)}).
      {gone === 0
        ? null
        : ` ${countOf(gone, "attachment is", "attachments are")} no longer on the server: attach ${gone === 1 ? "it" : "them"} again where marked.`}
    </p>
    <ConfirmButton
      label="Discard draft"
      question={DISCARD_QUESTION}
      confirmLabel="Yes, discard it"
      keepLabel="Keep the draft"
      pending={false}
      onConfirm={onDiscard}
      small
    />
  </div>
)

/** "New campaign" followed while on the form holding a draft: it is below, or start again. */
export const AgainNote = ({
  savedAt,
  viewer,
  onStartAgain
}: {
  readonly savedAt: number
  readonly viewer: string
  readonly onStartAgain: () => void
}) => (
  <div className={note}>
    <p role="status">
      You are already planning a campaign: the form below is your draft, kept on this browser (saved{" "}
      {savedAtText(savedAt, viewer)}). To plan a different one, start again.
    </p>
    <ConfirmButton
      label="Start again"
      question={DISCARD_QUESTION}
      confirmLabel="Yes, discard it"
      keepLabel="Keep the draft"
      pending={false}
      onConfirm={onStartAgain}
      small
    />
  </div>
)

/** A copy opened while a draft is kept: changing the copy replaces it, so say so first. */
export const OtherDraftNote = ({ savedAt, viewer }: { readonly savedAt: number; readonly viewer: string }) => (
  <div className={note}>
    <p>
      You have a draft kept on this browser (saved {savedAtText(savedAt, viewer)}): changing this copy replaces it.{" "}
      <Link href="/campaigns/new" className={linkLook}>
        Go back to the draft
      </Link>
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
}) =>
  refused ? (
    <p className="text-sm text-amber-900">
      This browser cannot keep a draft (its storage is full or turned off): save the campaign before leaving.
    </p>
  ) : savedAt === null ? null : (
    <p className="text-sm text-slate-600" data-testid="draft-line">
      Draft kept on this browser · saved {savedAtText(savedAt, viewer)}
    </p>
  )
