import type { Ref } from 'react';

/**
 * The file picker behind a visible button: out of sight and out of the tab order, clicked through its ref.
 * It is emptied after each choice so that the same file can be picked again.
 */
export function HiddenFileInput({
  ref,
  label,
  accept,
  multiple,
  capture,
  onFiles,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  accept?: string;
  multiple?: boolean;
  capture?: 'user' | 'environment';
  /** Called only when something was chosen. */
  onFiles: (files: [File, ...File[]]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      accept={accept}
      multiple={multiple}
      capture={capture}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        if (files.length > 0) onFiles(files as [File, ...File[]]);
      }}
    />
  );
}
