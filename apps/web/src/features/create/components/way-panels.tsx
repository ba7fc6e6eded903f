import { getTool, PAGE_SIZES } from '@wattle/shared';
import { CameraIcon, FolderOpenIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FileDropZone } from '@/components/file-drop-zone';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { InputList } from '@/features/jobs/components/input-list';
import { StoredDocumentsDialog } from '@/features/jobs/components/stored-documents-dialog';
import { storedInput, uploadInput, type JobInput } from '@/features/jobs/lib/inputs';
import { acceptAttribute } from '@/features/tools/lib/file-checks';
import { MAX_BLANK_PAGES, type CreateChoices, type PageSize } from '../lib/create-request';
import { ChoiceGroup } from './choice-group';
import { HiddenFileInput } from '@/components/hidden-file-input';


type Update<K extends keyof CreateChoices> = (value: CreateChoices[K]) => void;

export function PageSizeField({ value, onChange, disabled }: { value: PageSize; onChange: (size: PageSize) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Page size</Label>
      <Select value={value} onValueChange={(size) => onChange(size as PageSize)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={size}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function BlankPanel({ value, onChange, pageSize, disabled }: { value: CreateChoices['blank']; onChange: Update<'blank'>; pageSize: ReactNode; disabled: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Number of pages</Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_BLANK_PAGES}
          value={Number.isNaN(value.pages) ? '' : value.pages}
          onChange={(e) => onChange({ ...value, pages: e.target.valueAsNumber })}
          disabled={disabled}
          className="sm:w-48"
        />
        <p className="text-xs text-muted-foreground">From 1 to {MAX_BLANK_PAGES}.</p>
      </div>
      {pageSize}
      <ChoiceGroup
        label="Orientation"
        value={value.orientation}
        onChange={(orientation) => onChange({ ...value, orientation })}
        disabled={disabled}
        options={[
          { value: 'portrait', label: 'Portrait' },
          { value: 'landscape', label: 'Landscape' },
        ]}
      />
    </div>
  );
}

export function ImagesPanel({ value, onChange, pageSize, disabled }: { value: CreateChoices['images']; onChange: Update<'images'>; pageSize: ReactNode; disabled: boolean }) {
  const tool = getTool('image-to-pdf')!;
  const cameraRef = useRef<HTMLInputElement>(null);
  const cropId = useId();
  const add = (files: File[]) => onChange({ ...value, inputs: [...value.inputs, ...files.map(uploadInput)].slice(0, tool.maxFiles) });
  return (
    <div className="grid gap-5">
      <FileDropZone
        size={value.inputs.length > 0 ? 'row' : 'panel'}
        accept={acceptAttribute(tool.accepts)}
        multiple
        onFiles={add}
        title={value.inputs.length > 0 ? 'Add more images' : 'Drop your images here'}
        hint={`JPEG, PNG, WebP, GIF, TIFF or HEIC, up to ${tool.maxFiles}. Each becomes a page, turned the right way up.`}
        buttonLabel="Choose images"
        inputLabel="Choose images"
        disabled={disabled}
      >
        <HiddenFileInput ref={cameraRef} label="Take a photo" accept="image/*" capture="environment" onFiles={add} />
        {/* Phones open the camera; desktops without one get the file picker. */}
        <Button type="button" variant="outline" className="mt-3 sm:hidden" onClick={() => cameraRef.current?.click()} disabled={disabled}>
          <CameraIcon /> Take a photo
        </Button>
      </FileDropZone>
      {value.inputs.length > 0 && (
        <InputList inputs={value.inputs} onChange={(inputs) => onChange({ ...value, inputs })} ordered disabled={disabled} preview={(input) => input.kind === 'upload' && <Thumbnail file={input.file} />} />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {pageSize}
        <div className="flex items-start gap-3 sm:pt-6">
          <Switch id={cropId} checked={value.crop} onCheckedChange={(crop) => onChange({ ...value, crop })} disabled={disabled} />
          <div className="grid gap-1">
            <Label htmlFor={cropId}>Crop to fill the page</Label>
            <p className="text-xs text-muted-foreground">Off, each image is shown whole on its page.</p>
          </div>
        </div>
      </div>
    </div>
  );
}

/** A photo's own picture in the list, so the order can be checked at a glance. */
function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  // The browser shows the photo turned by its EXIF orientation, as the PDF page will be.
  return <span className="size-9 shrink-0 overflow-hidden rounded-lg bg-muted">{url && <img src={url} alt="" className="size-full object-cover" />}</span>;
}

export function OfficePanel({ value, onChange, disabled }: { value: CreateChoices['office']; onChange: Update<'office'>; disabled: boolean }) {
  const tool = getTool('office-to-pdf')!;
  return value.inputs.length === 0 ? (
    <FileDropZone
      size="panel"
      accept={acceptAttribute(tool.accepts)}
      multiple={false}
      onFiles={(files) => onChange({ inputs: files.slice(0, 1).map(uploadInput) })}
      title="Drop your Office file here"
      hint="Word, Excel, PowerPoint, OpenDocument or RTF."
      buttonLabel="Choose a file"
      inputLabel="Choose an Office file"
      disabled={disabled}
    />
  ) : (
    <InputList inputs={value.inputs} onChange={(inputs) => onChange({ inputs })} ordered={false} disabled={disabled} />
  );
}

export function TextPanel({ value, onChange, pageSize, disabled }: { value: CreateChoices['text']; onChange: Update<'text'>; pageSize: ReactNode; disabled: boolean }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-5">
      {value.inputs.length > 0 ? (
        <InputList inputs={value.inputs} onChange={(inputs) => onChange({ ...value, inputs })} ordered={false} disabled={disabled} />
      ) : (
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Label htmlFor={id}>Your text</Label>
            <Button type="button" variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={disabled}>
              <FolderOpenIcon /> Open a .txt or .md file
            </Button>
          </div>
          <Textarea
            id={id}
            value={value.typed}
            onChange={(e) => onChange({ ...value, typed: e.target.value })}
            rows={10}
            className="font-mono text-sm"
            placeholder={'# A heading\n\nSome text with a [link](https://example.com).\n\n- a list\n- of points'}
            disabled={disabled}
          />
        </div>
      )}
      <HiddenFileInput
        ref={fileRef}
        label="Open a text or Markdown file"
        accept=".txt,.md,.markdown,text/plain,text/markdown"
        onFiles={([file]) => onChange({ ...value, inputs: [uploadInput(file)] })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {pageSize}
        {value.inputs.length === 0 && (
          <ChoiceGroup
            label="Read it as"
            value={value.markdown ? 'markdown' : 'plain'}
            onChange={(format) => onChange({ ...value, markdown: format === 'markdown' })}
            disabled={disabled}
            options={[
              { value: 'markdown', label: 'Markdown' },
              { value: 'plain', label: 'Plain text' },
            ]}
          />
        )}
      </div>
    </div>
  );
}

export function DocumentsPanel({ value, onChange, disabled }: { value: CreateChoices['documents']; onChange: Update<'documents'>; disabled: boolean }) {
  const [picking, setPicking] = useState(false);
  const max = getTool('merge')!.maxFiles;
  return (
    <div className="grid gap-4">
      {value.inputs.length > 0 && <InputList inputs={value.inputs} onChange={(inputs) => onChange({ inputs })} ordered disabled={disabled} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={() => setPicking(true)} disabled={disabled || value.inputs.length >= max}>
          <FolderOpenIcon /> Choose from My Documents
        </Button>
        <p className="text-sm text-muted-foreground">Pick two or more; they are joined in the order shown.</p>
      </div>
      <StoredDocumentsDialog
        open={picking}
        onOpenChange={setPicking}
        max={max - value.inputs.length}
        chosenIds={value.inputs.flatMap((input: JobInput) => (input.kind === 'stored' ? [input.document.id] : []))}
        onPick={(documents) => onChange({ inputs: [...value.inputs, ...documents.map(storedInput)] })}
      />
    </div>
  );
}
