/** The listing form's photo picker, and how saving goes: the upload's progress, and why saving failed. */
import { useLingui } from "@lingui/react"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { MAX_PHOTOS, PHOTO_TYPES, PhotoProblem, type UploadProgress } from "./photoUpload.js"

/** The "Photos" file input, with what it takes (or why it is off: no uploader for this marketplace). */
export const PhotoInput = ({ enabled, offHint, onFiles }: {
  enabled: boolean
  offHint: string
  onFiles: (files: Array<File>) => void
}) => {
  const { i18n } = useLingui()
  return (
    <Field label={i18n._("photos.label")} hint={enabled ? i18n._("photos.hint", { max: MAX_PHOTOS }) : offHint}>
      {(control) => (
        <input
          {...control}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(",")}
          disabled={!enabled}
          onChange={(event) => onFiles([...(event.target.files ?? [])])}
        />
      )}
    </Field>
  )
}

/**
 * How the upload goes (a status region, in the page from the start so that it is announced), and
 * why saving failed (an alert beside it): a photo's problem in its own words, the API's as the
 * app says it.
 */
export const SaveStatus = ({ progress, error }: { progress: UploadProgress | undefined; error: unknown }) => {
  const { i18n } = useLingui()
  return (
    <>
      <p className="muted" role="status">{progress === undefined ? "" : i18n._("photos.uploading", { index: progress.photo, count: progress.of })}</p>
      {error instanceof PhotoProblem && <p className="error" role="alert">{i18n._(error.sentence, error.values)}</p>}
      {error != null && !(error instanceof PhotoProblem) && <ErrorMessage error={error} action="listing" />}
    </>
  )
}
