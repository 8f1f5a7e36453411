import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import i18next from "i18next"
import { useEffect, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { useTRPC } from "../trpc.ts"
import { Checkbox, RadioGroup } from "../ui/Choice.tsx"
import { ErrorNote } from "../ui/ErrorNote.tsx"
import { Button, SelectField, TextField } from "../ui/kit.tsx"
import { NoMatch, TargetChips, TargetRows } from "../ui/TargetRows.tsx"
import { optionsOf, PAGE_SIZE, SEARCH_DEBOUNCE_MS, searchInput } from "../ui/targetOptions.ts"
import { useDebounced } from "../ui/useDebounced.ts"
import type { StatusChoice } from "./planInput.ts"
import { newStatusChoice } from "./planInput.ts"

// The number's Status as a target of the new-campaign form (issue 25 item 2): ticked, each message
// is also posted to the Status, a text on a background colour in a font, an image with its
// caption; who sees it is all contacts or chosen ones, where the gateway can choose
// (session.getStatusReach says so before anything is planned).

/** Background colours to pick with one tap (any other through the colour field), named in the language on screen. */
const swatches = (): ReadonlyArray<{ readonly colour: string; readonly name: string }> => [
  { colour: "#38b42f", name: i18next.t("statusPost.colour.green") },
  { colour: "#26c4dc", name: i18next.t("statusPost.colour.turquoise") },
  { colour: "#5696ff", name: i18next.t("statusPost.colour.blue") },
  { colour: "#8294ca", name: i18next.t("statusPost.colour.lavender") },
  { colour: "#a62c71", name: i18next.t("statusPost.colour.plum") },
  { colour: "#ff8a8c", name: i18next.t("statusPost.colour.coral") },
  { colour: "#f0b330", name: i18next.t("statusPost.colour.amber") },
  { colour: "#792138", name: i18next.t("statusPost.colour.wine") },
  { colour: "#74676a", name: i18next.t("statusPost.colour.grey") },
  { colour: "#243640", name: i18next.t("statusPost.colour.night") }
]

/** WhatsApp's font numbers, named, and how the preview draws each (your phone's may differ). */
const fonts = (): ReadonlyArray<{ readonly font: number; readonly name: string; readonly look: string }> => [
  { font: 0, name: i18next.t("statusPost.font.plain"), look: "font-sans" },
  { font: 1, name: i18next.t("statusPost.font.serif"), look: "font-serif" },
  { font: 2, name: i18next.t("statusPost.font.handwriting"), look: "font-serif italic" },
  { font: 6, name: i18next.t("statusPost.font.bold"), look: "font-sans font-bold" },
  { font: 7, name: i18next.t("statusPost.font.breeze"), look: "font-serif italic font-semibold" },
  { font: 8, name: i18next.t("statusPost.font.rounded"), look: "font-serif font-bold" },
  { font: 9, name: i18next.t("statusPost.font.heavy"), look: "font-sans font-black uppercase" },
  { font: 10, name: i18next.t("statusPost.font.typewriter"), look: "font-mono font-bold" }
]

/** Relative luminance of `#rrggbb` (WCAG 2), 0 for a colour that cannot be read. */
const luminance = (hex: string): number => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (m === null) return 0
  const [r, g, b] = [m[1], m[2], m[3]].map((part) => {
    const c = Number.parseInt(part ?? "0", 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

/** White or near-black, whichever reads better on `background` (the preview must be legible; WhatsApp draws white). */
const textOn = (background: string): string => {
  const l = luminance(background)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0585 ? "#ffffff" : "#0f172a"
}

const audiences = () => [
  { value: "all" as const, label: i18next.t("statusPost.all"), hint: i18next.t("statusPost.allHint") },
  { value: "chosen" as const, label: i18next.t("statusPost.chosenContacts"), hint: i18next.t("statusPost.chosenHint") }
]

export const StatusTarget = ({
  sessionName,
  value,
  onChange,
  sample,
  errors
}: {
  readonly sessionName: string
  /** null: the Status is not a target */
  readonly value: StatusChoice | null
  readonly onChange: (value: StatusChoice | null) => void
  /** the first message's text, drawn in the preview card */
  readonly sample: string
  /** the server's and the form's messages about the Status target */
  readonly errors: ReadonlyArray<string>
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const swatchList = swatches()
  const fontList = fonts()
  const reach = useQuery(trpc.session.getStatusReach.queryOptions({ sessionName }, { enabled: value !== null }))
  const canChoose = reach.data === undefined || reach.data.chosenContacts.ok
  // why all contacts cannot be had here (NOWEB before 2024.11.4), when they cannot
  // (its sentence ends where statusPost.chosenOnly puts its own full stop: a reader's words end in one)
  const allRefused =
    reach.data !== undefined && !reach.data.allContacts.ok ? reach.data.allContacts.reason.replace(/\.$/, "") : null
  // a gateway that cannot choose (WEBJS): all contacts, whatever a restored draft said; one that
  // cannot send to all (an older NOWEB): chosen contacts
  useEffect(() => {
    if (!canChoose && value !== null && value.audience === "chosen") onChange({ ...value, audience: "all" })
    else if (canChoose && allRefused !== null && value !== null && value.audience === "all")
      onChange({ ...value, audience: "chosen" })
  }, [canChoose, allRefused, value, onChange])
  const update = (change: Partial<StatusChoice>) => {
    if (value !== null) onChange({ ...value, ...change })
  }
  const font = fontList.find((f) => f.font === value?.font) ?? fontList[0]
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">{t("statusPost.legend")}</legend>
      <Checkbox
        label={t("statusPost.also")}
        checked={value !== null}
        hint={t("statusPost.alsoHint")}
        onChange={(on) => onChange(on ? (value ?? newStatusChoice()) : null)}
      />
      {value === null ? null : (
        <div className="space-y-4">
          {reach.data !== undefined && !reach.data.status.ok ? (
            <p className="text-sm text-red-800">{reach.data.status.reason}</p>
          ) : null}
          {reach.isError ? <ErrorNote error={reach.error} /> : null}
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("statusPost.background")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {swatchList.map((s) => (
                <button
                  key={s.colour}
                  type="button"
                  aria-label={s.name}
                  aria-pressed={value.backgroundColor.toLowerCase() === s.colour}
                  className={`h-9 w-9 rounded-full border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 ${
                    value.backgroundColor.toLowerCase() === s.colour
                      ? "border-slate-900 ring-2 ring-white"
                      : "border-white"
                  }`}
                  style={{ backgroundColor: s.colour }}
                  onClick={() => update({ backgroundColor: s.colour })}
                />
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("statusPost.otherColour")}
              type="color"
              className="mt-1 block h-11 w-20 cursor-pointer rounded-md border border-slate-400 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
              value={value.backgroundColor}
              hint={t("statusPost.otherColourHint")}
              onChange={(e) => update({ backgroundColor: e.target.value })}
            />
            <SelectField
              label={t("statusPost.fontLabel")}
              value={String(value.font)}
              hint={t("statusPost.fontHint")}
              onChange={(e) => update({ font: Number(e.target.value) })}
            >
              {fontList.map((f) => (
                <option key={f.font} value={f.font}>
                  {f.name}
                </option>
              ))}
            </SelectField>
          </div>
          <div
            role="img"
            aria-label={t("statusPost.preview", {
              text: sample.trim() === "" ? t("statusPost.yourText") : sample,
              colour:
                swatchList.find((s) => s.colour === value.backgroundColor.toLowerCase())?.name.toLowerCase() ??
                value.backgroundColor,
              font: font?.name ?? ""
            })}
            className="mx-auto flex aspect-[9/16] w-40 items-center justify-center overflow-hidden rounded-xl p-3 text-center shadow"
            style={{ backgroundColor: value.backgroundColor, color: textOn(value.backgroundColor) }}
          >
            <span className={`line-clamp-[10] break-words text-sm ${font?.look ?? ""}`} dir="auto">
              {sample.trim() === "" ? t("statusPost.yourText") : sample}
            </span>
          </div>
          {canChoose && allRefused !== null ? (
            <p className="text-sm text-slate-800" data-testid="status-chosen-only">
              {t("statusPost.chosenOnly", { reason: allRefused })}
            </p>
          ) : canChoose ? (
            <RadioGroup
              legend={t("statusPost.whoSees")}
              name={`${id}-audience`}
              value={value.audience}
              options={audiences()}
              onChange={(audience) => update({ audience })}
            />
          ) : (
            <p className="text-sm text-slate-800">{t("statusPost.allOnly")}</p>
          )}
          {canChoose && value.audience === "chosen" ? (
            <ContactChooser
              sessionName={sessionName}
              chosen={value.contacts}
              onChange={(contacts) => update({ contacts })}
            />
          ) : null}
        </div>
      )}
      {errors.map((message) => (
        <p key={message} className="text-sm text-red-800">
          {message}
        </p>
      ))}
    </fieldset>
  )
}

/** The session's contacts, searchable, a page at a time; the chosen as removable chips. */
const ContactChooser = ({
  sessionName,
  chosen,
  onChange
}: {
  readonly sessionName: string
  readonly chosen: StatusChoice["contacts"]
  readonly onChange: (contacts: StatusChoice["contacts"]) => void
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const [text, setText] = useState("")
  const search = searchInput(useDebounced(text, SEARCH_DEBOUNCE_MS))
  const input = search === undefined ? { sessionName, limit: PAGE_SIZE } : { sessionName, limit: PAGE_SIZE, search }
  const pages = useInfiniteQuery(
    trpc.user.getMessagingContacts.infiniteQueryOptions(input, {
      initialCursor: 0,
      getNextPageParam: (last) => last.nextCursor
    })
  )
  const options = pages.data === undefined ? [] : optionsOf(pages.data.pages)
  const isChosen = (groupId: string) => chosen.some((c) => c.groupId === groupId)
  const toggle = (c: { readonly groupId: string; readonly groupName: string }) =>
    onChange(isChosen(c.groupId) ? chosen.filter((x) => x.groupId !== c.groupId) : [...chosen, c])
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-800" aria-live="polite">
        {chosen.length === 0 ? t("statusPost.noOne") : t("statusPost.sees", { count: chosen.length })}
      </p>
      {chosen.length === 0 ? null : (
        <TargetChips chosen={chosen} label={t("statusPost.chosenList")} onRemove={toggle} />
      )}
      <TextField
        label={t("statusPost.search")}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={t("picker.hintContacts")}
        autoComplete="off"
      />
      {pages.data === undefined ? (
        pages.isError ? (
          <ErrorNote error={pages.error} />
        ) : (
          <p role="status" className="py-2 text-sm text-slate-600">
            {t("picker.loadingContacts")}
          </p>
        )
      ) : options.length === 0 ? (
        <p role="status" className="py-2 text-sm text-slate-600">
          {search === undefined ? t("picker.noContacts") : <NoMatch kind="contacts" search={search} />}
        </p>
      ) : (
        <TargetRows legend={t("statusPost.listLegend")} options={options} isChosen={isChosen} onToggle={toggle} />
      )}
      {pages.hasNextPage ? (
        <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? t("common.loading") : t("picker.moreContacts")}
        </Button>
      ) : null}
    </div>
  )
}
