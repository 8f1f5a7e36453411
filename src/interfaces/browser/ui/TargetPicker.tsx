// placeholder, replaced in issue 11: choose a group or contact of the session (search, paging)

/** A chosen target: a group's or a contact's chat id and its name (contacts share the group shape). */
export interface Target {
  readonly groupId: string
  readonly groupName: string
}

export interface TargetPickerProps {
  /** the user's messaging session (getMessagingSession().session.sessionName) */
  readonly sessionName: string
  readonly value: Target | null
  readonly onChange: (target: Target | null) => void
  /** the server's validation message for the target, shown at the picker */
  readonly error?: string | null | undefined
}

export const TargetPicker = ({ value }: TargetPickerProps) => <p>{value === null ? "No group chosen" : value.groupName}</p>
