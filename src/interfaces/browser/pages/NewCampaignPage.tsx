import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import i18next from "i18next"
import type { FormEvent } from "react"
import { useEffect, useMemo, useRef, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useLocation, useSearch } from "wouter"
import { MAX_TARGETS_PER_CAMPAIGN } from "../../../domain/campaign/CampaignLimits.ts"
import { CsvImport } from "../campaign/CsvImport.tsx"
import { channelFilesNote, channelMentionNote, hasChannel } from "../campaign/channelWords.ts"
import { AgainNote, DraftLine, OtherDraftNote, RestoredNote } from "../campaign/DraftNotes.tsx"
import { CopyOf, DuplicateStart } from "../campaign/DuplicateStart.tsx"
import type { Draft } from "../campaign/draft.ts"
import { goneNote, MediaAttach } from "../campaign/MediaAttach.tsx"
import { PollFields } from "../campaign/PollFields.tsx"
import { PreviewList } from "../campaign/PreviewList.tsx"
import { withImportedRows } from "../campaign/planCopy.ts"
import type { Mode, OneOffRow, PlanForm, RecurrenceFields } from "../campaign/planInput.ts"
import {
  buildPlan,
  characterCount,
  defaultStart,
  emptyForm,
  inputKey,
  newPoll,
  newRow,
  targetError
} from "../campaign/planInput.ts"
import { RecurrenceSection } from "../campaign/RecurrenceSection.tsx"
import { StatusTarget } from "../campaign/StatusTarget.tsx"
import { loadDraft, removeDraft, useDraftKeeper, useGoneMedia, useNewCampaignAgain } from "../campaign/useDraft.ts"
import { searchZones, viewerZone, zoneChoices, zoneOffsetNow } from "../campaign/zoneFormat.ts"
import { useMe } from "../session.tsx"
import { errorCode, errorText, fieldErrors, useTRPC } from "../trpc.ts"
import { Checkbox, RadioGroup } from "../ui/Choice.tsx"
import { ErrorNote } from "../ui/ErrorNote.tsx"
import { Alert, Button, Card, Loading, linkLook, PageTitle, SelectField, TextArea, TextField } from "../ui/kit.tsx"
import { ClockField, DateField } from "../ui/PageFormatFields.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { TargetPicker } from "../ui/TargetPicker.tsx"

const modes = () => [
  {
    value: "messages" as const,
    label: i18next.t("newCampaign.modeMessages"),
    hint: i18next.t("newCampaign.modeMessagesHint")
  },
  {
    value: "recurrence" as const,
    label: i18next.t("newCampaign.modeRecurrence"),
    hint: i18next.t("newCampaign.modeRecurrenceHint")
  }
]

/**
 * /campaigns/new: plan a campaign, preview every message, then save. Needs a connected WhatsApp
 * session. `?from=<id>`: the form starts as a copy of that campaign (DuplicateStart.tsx). The form
 * is kept as the user's draft on this browser until saved or discarded (campaign/draft.ts).
 */
export const NewCampaignPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const copyOf = new URLSearchParams(useSearch()).get("from")
  const session = useQuery(trpc.user.getMessagingSession.queryOptions())
  const sessionName = session.data?.session?.sessionName ?? null
  const status = useQuery(
    trpc.user.getSessionStatus.queryOptions({ sessionName: sessionName ?? "" }, { enabled: sessionName !== null })
  )
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle>{t("newCampaign.title")}</PageTitle>
      {session.isPending ? (
        <Loading label={t("newCampaign.loadingSession")} />
      ) : session.isError ? (
        <ErrorNote error={session.error} />
      ) : sessionName === null ? (
        <Alert kind="info">
          <Trans
            i18nKey="newCampaign.noSession"
            components={{ connect: <Link href="/whatsapp" className={linkLook} /> }}
          />
        </Alert>
      ) : status.isPending ? (
        <Loading label={t("newCampaign.checking")} />
      ) : status.isError ? (
        <ErrorNote
          error={status.error}
          after={
            <Link href="/whatsapp" className={linkLook}>
              {t("newCampaign.checkWhatsApp")}
            </Link>
          }
        />
      ) : status.data.status !== "WORKING" ? (
        <Alert kind="warning">
          <Trans
            i18nKey="newCampaign.notConnected"
            values={{ status: status.data.status }}
            components={{ connect: <Link href="/whatsapp" className={linkLook} /> }}
          />
        </Alert>
      ) : copyOf !== null && copyOf !== "" ? (
        <CopyOf id={copyOf} timeZone={viewerZone()}>
          {(initial) => <DraftedForm key={copyOf} sessionName={sessionName} copyForm={initial} />}
        </CopyOf>
      ) : (
        <DraftedForm sessionName={sessionName} />
      )}
    </div>
  )
}

/**
 * The form with its draft: a new campaign starts from the user's draft when one is kept (else
 * empty), a copy from the campaign copied; discarding starts an empty form again.
 */
const DraftedForm = ({
  sessionName,
  copyForm
}: {
  readonly sessionName: string
  /** a copy of a campaign (DuplicateStart.tsx): what the form starts with */
  readonly copyForm?: Partial<PlanForm>
}) => {
  const userId = useMe().data?.user?.id ?? null
  const [, navigate] = useLocation()
  const [start, setStart] = useState(() => ({
    generation: 0,
    draft: userId === null ? null : loadDraft(userId)
  }))
  /** called once the form's keeper has stopped writing (else its last write would bring the draft back) */
  const discard = () => {
    if (userId !== null) removeDraft(userId)
    announce(i18next.t("newCampaign.discarded"))
    if (copyForm !== undefined) navigate("/campaigns/new")
    else setStart((s) => ({ generation: s.generation + 1, draft: null }))
    focusPageHeading()
  }
  // saved: should this screen be shown again before the next one has loaded (React keeps it,
  // hidden, meanwhile), it is a fresh form, not the campaign just saved
  const saved = () => setStart((s) => ({ generation: s.generation + 1, draft: null }))
  return copyForm !== undefined ? (
    <CampaignForm
      key={start.generation}
      sessionName={sessionName}
      userId={userId}
      initial={copyForm}
      copy
      restored={null}
      otherDraftAt={start.draft?.savedAt ?? null}
      onDiscard={discard}
      onSaved={saved}
    />
  ) : (
    <CampaignForm
      key={start.generation}
      sessionName={sessionName}
      userId={userId}
      initial={start.draft?.form}
      copy={start.draft?.copy ?? false}
      restored={start.draft}
      otherDraftAt={null}
      onDiscard={discard}
      onSaved={saved}
    />
  )
}

const CampaignForm = ({
  sessionName,
  userId,
  initial,
  copy,
  restored,
  otherDraftAt,
  onDiscard,
  onSaved
}: {
  readonly sessionName: string
  /** whose draft this is (auth.me's id): none is kept without one */
  readonly userId: string | null
  /** what the form starts with: a restored draft's, or a copy's */
  readonly initial: Partial<PlanForm> | undefined
  /** a copy of a campaign: the "first message on" helper is shown */
  readonly copy: boolean
  /** the draft the form was restored from */
  readonly restored: Draft | null
  /** when a copy is opened: the draft that changing it replaces */
  readonly otherDraftAt: number | null
  readonly onDiscard: () => void
  readonly onSaved: () => void
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const viewer = useMemo(viewerZone, [])
  const zones = useMemo(() => zoneChoices([viewer]), [viewer])
  /** what the zone search holds: the select lists the zones whose name has it */
  const [zoneQuery, setZoneQuery] = useState("")
  // starts ahead of now (the next whole hour at least 15 minutes away), so its defaults preview
  const [form, setForm] = useState<PlanForm>(() => {
    const start = defaultStart(viewer)
    return { ...emptyForm(viewer, start.date, start.time), ...initial }
  })
  /** what the form itself says is missing, from the last Preview press */
  const [formErrors, setFormErrors] = useState<Readonly<Record<string, string>>>({})
  /** the input the current preview is of */
  const [previewedKey, setPreviewedKey] = useState<string | null>(null)

  const keeper = useDraftKeeper(userId, copy, restored?.savedAt ?? null)
  /** changed by the organiser: only then is the form kept (opening the page keeps nothing) */
  const touched = useRef(false)
  const { keep } = keeper
  useEffect(() => {
    if (touched.current) keep(form)
  }, [form, keep])
  /** "New campaign" was followed while on this form */
  const [again, setAgain] = useState(false)
  useNewCampaignAgain(() => {
    setAgain(true)
    focusPageHeading()
  })
  const discard = () => {
    keeper.forget()
    onDiscard()
  }
  /** rows whose restored upload the server no longer has: what they say */
  const goneMedia = useGoneMedia(restored, (gone) => {
    touched.current = true
    setForm((f) => ({
      ...f,
      rows: f.rows.map((row) => (row.media !== null && gone.has(row.media.id) ? { ...row, media: null } : row))
    }))
  })

  const preview = useMutation(trpc.campaign.preview.mutationOptions())
  const create = useMutation(
    trpc.campaign.create.mutationOptions({
      onSuccess: async ({ id }) => {
        // saved: the draft has done its work
        keeper.forget()
        await queryClient.invalidateQueries({ queryKey: trpc.campaign.pathKey() })
        navigate(`/campaigns/${id}`)
        onSaved()
      }
    })
  )

  const built = buildPlan(sessionName, form)
  const currentKey = built.ok ? inputKey(built.preview) : null
  const previewIsCurrent = preview.isSuccess && previewedKey !== null && previewedKey === currentKey
  const serverErrors = create.isError ? fieldErrors(create.error) : preview.isError ? fieldErrors(preview.error) : {}
  const errors: Readonly<Record<string, string>> = { ...serverErrors, ...formErrors }
  /** a WhatsApp channel is among the targets: no "mention everyone", no documents */
  const toChannels = hasChannel(form.targets)
  const messages = Object.entries(errors)
  // the Status goes after the groups (planInput.ts): its errors are at its own fields, not the picker's
  const isStatusPath = (path: string) =>
    form.statusPost != null &&
    (path === `targets.${form.targets.length}` ||
      path.startsWith(`targets.${form.targets.length}.`) ||
      path.startsWith("targets.statusPost"))
  const statusErrors = messages.filter(([path]) => isStatusPath(path)).map(([, message]) => message)
  const pickerErrors = Object.fromEntries(messages.filter(([path]) => !isStatusPath(path)))

  const update = (change: Partial<PlanForm>) => {
    touched.current = true
    setForm((f) => ({ ...f, ...change }))
    create.reset()
  }
  const updateRecurrence = (change: Partial<RecurrenceFields>) =>
    update({ recurrence: { ...form.recurrence, ...change } })
  const updateRow = (key: string, change: Partial<OneOffRow>) => {
    update({ rows: form.rows.map((r) => (r.key === key ? { ...r, ...change } : r)) })
    // attached again (or removed): the note of the lost upload has done its work
    if ("media" in change) goneMedia.clear(key)
  }
  /** Errors name rows by position (`messages.2.content`): once a row is gone they would point at the wrong one, so they go too. */
  const removeRow = (key: string) => {
    update({ rows: form.rows.filter((x) => x.key !== key) })
    setFormErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith("messages.")))
    )
    if (preview.isError && Object.keys(fieldErrors(preview.error)).some((path) => path.startsWith("messages.")))
      preview.reset()
  }

  const runPreview = (event: FormEvent) => {
    event.preventDefault()
    create.reset()
    if (!built.ok) {
      setFormErrors(built.errors)
      preview.reset()
      return
    }
    setFormErrors({})
    setPreviewedKey(inputKey(built.preview))
    preview.mutate(built.preview)
  }
  const save = () => {
    if (built.ok && previewIsCurrent) create.mutate(built.create)
  }

  return (
    <form onSubmit={runPreview} noValidate className="space-y-6">
      {again && keeper.savedAt !== null ? (
        <AgainNote savedAt={keeper.savedAt} viewer={viewer} onStartAgain={discard} />
      ) : restored !== null ? (
        <RestoredNote
          savedAt={restored.savedAt}
          viewer={viewer}
          gone={Object.keys(goneMedia.notes).length}
          onDiscard={discard}
        />
      ) : otherDraftAt !== null ? (
        <OtherDraftNote savedAt={otherDraftAt} viewer={viewer} />
      ) : null}
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">{t("newCampaign.whoWhat")}</h2>
        <TargetPicker
          max={MAX_TARGETS_PER_CAMPAIGN}
          sessionName={sessionName}
          value={form.targets}
          onChange={(targets) => update({ targets })}
          error={targetError(pickerErrors)}
        />
        <StatusTarget
          sessionName={sessionName}
          value={form.statusPost ?? null}
          onChange={(statusPost) => update({ statusPost })}
          sample={
            form.mode === "messages"
              ? (form.rows[0]?.content ?? "")
              : (form.recurrence.template.split(/\n---\n/)[0] ?? "")
          }
          errors={statusErrors}
        />
        <TextField
          label={t("newCampaign.titleLabel")}
          value={form.title}
          maxLength={200}
          error={errors["title"]}
          hint={t("newCampaign.titleHint")}
          onChange={(e) => update({ title: e.target.value })}
        />
        <Checkbox
          label={t("message.mentionAll")}
          checked={form.mentionAll}
          // greyed out for channels, unless already on (so that it can be turned off)
          disabled={toChannels && !form.mentionAll}
          hint={errors["mentionAll"] ?? (toChannels ? channelMentionNote() : t("newCampaign.mentionHint"))}
          onChange={(mentionAll) => update({ mentionAll })}
        />
      </Card>

      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">{t("newCampaign.when")}</h2>
        <RadioGroup
          legend={t("newCampaign.kind")}
          name="mode"
          value={form.mode}
          options={modes()}
          onChange={(mode: Mode) => update({ mode })}
        />
        <TextField
          label={t("newCampaign.searchZones")}
          type="search"
          value={zoneQuery}
          hint={t("newCampaign.searchZonesHint")}
          onChange={(e) => setZoneQuery(e.target.value)}
        />
        <SelectField
          label={t("newCampaign.zone")}
          value={form.timeZone}
          error={errors["recurrence.timeZone"] ?? errors["timeZone"]}
          hint={t("newCampaign.zoneHint")}
          onChange={(e) => update({ timeZone: e.target.value })}
        >
          {searchZones(zones, zoneQuery, form.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone === viewer
                ? t("newCampaign.zoneYours", { zone, offset: zoneOffsetNow(zone) })
                : `${zone} (${zoneOffsetNow(zone)})`}
            </option>
          ))}
        </SelectField>

        {form.mode === "messages" ? (
          <div className="space-y-4">
            {!copy ? null : (
              <DuplicateStart rows={form.rows} timeZone={form.timeZone} onShift={(rows) => update({ rows })} />
            )}
            {errors["messages"] ? <p className="text-sm text-red-800">{errors["messages"]}</p> : null}
            {form.rows.length === 0 ? <p className="text-sm text-slate-600">{t("newCampaign.noneYet")}</p> : null}
            {form.rows.map((row, i) => {
              const chars = characterCount(row.content)
              return (
                <fieldset key={row.key} className="space-y-3 rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium">{t("newCampaign.message", { n: i + 1 })}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <DateField
                      label={t("newCampaign.dateOf", { n: i + 1 })}
                      value={row.date}
                      error={errors[`messages.${i}.date`] ?? errors[`messages.${i}.scheduledAt`]}
                      onChange={(date) => updateRow(row.key, { date })}
                    />
                    <ClockField
                      label={t("newCampaign.timeOf", { n: i + 1 })}
                      value={row.time}
                      error={errors[`messages.${i}.time`]}
                      onChange={(time) => updateRow(row.key, { time })}
                    />
                  </div>
                  <TextArea
                    label={
                      row.poll !== null
                        ? t("newCampaign.questionOf", { n: i + 1 })
                        : row.media !== null
                          ? t("newCampaign.captionOf", { n: i + 1 })
                          : t("newCampaign.textOf", { n: i + 1 })
                    }
                    rows={3}
                    value={row.content}
                    error={errors[`messages.${i}.content`]}
                    hint={
                      <span className={chars.over ? "font-semibold text-red-800" : undefined}>
                        {chars.over
                          ? t("newCampaign.charactersTooLong", { chars: chars.text })
                          : t("newCampaign.characters", { chars: chars.text })}
                      </span>
                    }
                    onChange={(e) => updateRow(row.key, { content: e.target.value })}
                  />
                  {row.poll === null ? (
                    <MediaAttach
                      of={t("newCampaign.messageOf", { n: i + 1 })}
                      media={row.media}
                      error={
                        errors[`messages.${i}.media`] ??
                        errors[`messages.${i}.media.id`] ??
                        goneNote(goneMedia.notes[row.key])
                      }
                      onChange={(media) => updateRow(row.key, { media })}
                      imagesOnly={toChannels ? channelFilesNote() : undefined}
                    />
                  ) : null}
                  {row.poll === null && !form.mentionAll ? (
                    <Checkbox
                      label={t("newCampaign.mentionOne", { n: i + 1 })}
                      checked={row.mentionAll}
                      disabled={toChannels && !row.mentionAll}
                      hint={
                        errors[`messages.${i}.mentionAll`] ??
                        (toChannels ? channelMentionNote() : t("newCampaign.mentionOneHint"))
                      }
                      onChange={(mentionAll) => updateRow(row.key, { mentionAll })}
                    />
                  ) : null}
                  <Checkbox
                    label={t("newCampaign.pollOf", { n: i + 1 })}
                    checked={row.poll !== null}
                    hint={t("newCampaign.pollHint")}
                    onChange={(on) => updateRow(row.key, { poll: on ? (row.poll ?? newPoll()) : null })}
                  />
                  {row.poll === null ? null : (
                    <PollFields
                      of={t("newCampaign.messageOf", { n: i + 1 })}
                      path={`messages.${i}.poll`}
                      poll={row.poll}
                      errors={errors}
                      onChange={(poll) => updateRow(row.key, { poll })}
                    />
                  )}
                  {errors[`messages.${i}.poll`] ? (
                    <p className="text-sm text-red-800">{errors[`messages.${i}.poll`]}</p>
                  ) : null}
                  <Button variant="secondary" onClick={() => removeRow(row.key)}>
                    {t("newCampaign.removeMessage", { n: i + 1 })}
                  </Button>
                </fieldset>
              )
            })}
            <Button
              variant="secondary"
              onClick={() =>
                update({
                  rows: [
                    ...form.rows,
                    (() => {
                      const last = form.rows.at(-1)
                      const start = last ?? defaultStart(form.timeZone)
                      return newRow(start.date, start.time)
                    })()
                  ]
                })
              }
            >
              {t("newCampaign.addMessage")}
            </Button>
            <CsvImport
              timeZone={form.timeZone}
              onAdd={(imported) => update({ rows: withImportedRows(form.rows, imported) })}
            />
          </div>
        ) : (
          <RecurrenceSection recurrence={form.recurrence} errors={errors} onChange={updateRecurrence} />
        )}
      </Card>

      {messages.length > 0 ? (
        <Alert>
          <p className="font-medium">
            {Object.keys(serverErrors).length === 0 ? t("newCampaign.fillIn") : t("newCampaign.cannotSave")}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {messages.map(([path, message]) => (
              <li key={path}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : preview.isError ? (
        <Alert>{errorText(preview.error)}</Alert>
      ) : null}
      {create.isError && Object.keys(serverErrors).length === 0 ? (
        <Alert>
          {errorCode(create.error) === "PRECONDITION_FAILED"
            ? t("newCampaign.limit", { reason: errorText(create.error) })
            : t("newCampaign.notSaved", { reason: errorText(create.error) })}
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" variant="secondary" disabled={preview.isPending}>
          {preview.isPending ? t("newCampaign.previewing") : t("newCampaign.preview")}
        </Button>
        <Button onClick={save} disabled={!previewIsCurrent || create.isPending} aria-describedby="save-note">
          {create.isPending ? t("common.saving") : t("newCampaign.save")}
        </Button>
      </div>
      <p id="save-note" className="text-sm text-slate-600">
        {previewIsCurrent ? t("newCampaign.previewIsSaved") : t("newCampaign.previewFirst")}
      </p>
      <DraftLine savedAt={keeper.savedAt} refused={keeper.refused} viewer={viewer} />

      {preview.isPending ? (
        <Loading label={t("newCampaign.planning")} />
      ) : preview.isSuccess && previewIsCurrent ? (
        <PreviewList preview={preview.data} viewer={viewer} />
      ) : preview.isSuccess ? (
        <Alert kind="info">{t("newCampaign.changedSince")}</Alert>
      ) : null}
    </form>
  )
}
