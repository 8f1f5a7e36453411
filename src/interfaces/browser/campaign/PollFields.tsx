import { useTranslation } from "react-i18next"
import { MAX_POLL_OPTIONS, MIN_POLL_OPTIONS } from "../../../domain/message/Poll.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { Button, TextField } from "../ui/kit.tsx"
import type { RowPoll } from "./planInput.ts"

/**
 * A poll's options (the message's text is the question), on the new-campaign form and in a
 * message's edit form: 2 to 12 (adding stops at 12, removing at 2), and whether several may be
 * picked. `errors` are the server's, by path (`<path>.options.<i>`).
 */
export const PollFields = ({
  of,
  path,
  poll,
  errors,
  onChange
}: {
  /** what the labels name: "message 2", "this poll" */
  readonly of: string
  /** the server's field path of this poll (`messages.1.poll`, `poll`) */
  readonly path: string
  readonly poll: RowPoll
  readonly errors: Readonly<Record<string, string>>
  readonly onChange: (poll: RowPoll) => void
}) => {
  const { t } = useTranslation()
  const setOption = (i: number, value: string) =>
    onChange({ ...poll, options: poll.options.map((o, j) => (j === i ? value : o)) })
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-2">
      <legend className="px-1 text-sm font-medium">{t("pollFields.options", { of })}</legend>
      {errors[`${path}.options`] ? <p className="text-sm text-red-800">{errors[`${path}.options`]}</p> : null}
      {poll.options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity but their place
        <div key={i} className="flex items-end gap-2">
          <div className="grow">
            <TextField
              label={t("pollFields.option", { n: i + 1, of })}
              value={option}
              maxLength={100}
              error={errors[`${path}.options.${i}`]}
              onChange={(e) => setOption(i, e.target.value)}
            />
          </div>
          <Button
            variant="secondary"
            disabled={poll.options.length <= MIN_POLL_OPTIONS}
            onClick={() => onChange({ ...poll, options: poll.options.filter((_, j) => j !== i) })}
          >
            {t("pollFields.remove", { n: i + 1 })}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={poll.options.length >= MAX_POLL_OPTIONS}
        onClick={() => onChange({ ...poll, options: [...poll.options, ""] })}
      >
        {t("pollFields.add")}
      </Button>
      <p className="text-sm text-slate-600">
        {t("pollFields.range", { min: MIN_POLL_OPTIONS, max: MAX_POLL_OPTIONS })}
      </p>
      <Checkbox
        label={t("pollFields.several", { of })}
        checked={poll.multipleAnswers}
        onChange={(multipleAnswers) => onChange({ ...poll, multipleAnswers })}
      />
    </fieldset>
  )
}
