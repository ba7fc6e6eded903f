import { REDACTION_PRESETS, type RedactionArea } from '@wattle/shared';
import { PlusIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/features/jobs/lib/job-errors';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import type { Redaction } from '../hooks/use-redaction';
import { AreaPicker } from './area-picker';

const PRESET_NAMES = Object.fromEntries(REDACTION_PRESETS.map((p) => [p.id, p.name]));

/** The redact tool's options: what to look for, the matches found (each can be unticked), and areas drawn or typed. */
export function RedactionPanel({ redaction, doc, pageCount }: { redaction: Redaction; doc?: PDFDocumentProxy; pageCount?: number }) {
  const id = useId();
  const { choices, change, preview } = redaction;
  const error = redaction.error === undefined ? undefined : describeError(isApiError(redaction.error) ? redaction.error : { code: 'NETWORK_ERROR' });
  // A refused pattern names itself: the field's own message says what is wrong with it.
  const fieldError = redaction.error === undefined ? undefined : Object.values(fieldErrorsOf(redaction.error))[0];
  const setArea = (index: number, area: RedactionArea | undefined) =>
    change({ areas: area ? choices.areas.map((a, i) => (i === index ? area : a)) : choices.areas.filter((_, i) => i !== index) });

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={`${id}-text`}>Words or phrases</Label>
        <Textarea id={`${id}-text`} rows={3} value={choices.text} onChange={(e) => change({ text: e.target.value })} aria-describedby={`${id}-text-hint`} />
        <p id={`${id}-text-hint`} className="text-sm text-muted-foreground">
          One a line. Found wherever they appear, in upper or lower case.
        </p>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Australian numbers and details</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REDACTION_PRESETS.map((preset) => (
            <div key={preset.id} className="flex items-start gap-2">
              <Checkbox
                id={`${id}-${preset.id}`}
                checked={choices.presets.includes(preset.id)}
                onCheckedChange={(checked) => change({ presets: checked === true ? [...choices.presets, preset.id] : choices.presets.filter((p) => p !== preset.id) })}
              />
              <Label htmlFor={`${id}-${preset.id}`} className="leading-tight font-normal">
                {preset.name}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>

      <details className="space-y-2">
        <summary className="cursor-pointer text-sm font-medium">Patterns (regular expressions)</summary>
        <Textarea id={`${id}-patterns`} aria-label="Patterns, one a line" rows={2} value={choices.patterns} onChange={(e) => change({ patterns: e.target.value })} placeholder="INV-\d{6}" />
      </details>

      <Button type="button" variant="outline" className="w-full" onClick={() => void redaction.find()} disabled={redaction.finding || !redaction.canFind}>
        {redaction.finding ? <Spinner /> : <SearchIcon />} Find matches
      </Button>

      {error && (
        <Alert variant="destructive">
          <AlertTitle>{error.title}</AlertTitle>
          <AlertDescription>{fieldError ?? error.message}</AlertDescription>
        </Alert>
      )}

      {preview && (
        <section aria-labelledby={`${id}-matches`} className="space-y-2">
          <h3 id={`${id}-matches`} className="text-sm font-medium">
            {preview.matches.length === 0 ? 'Nothing matches in this PDF' : `${preview.matches.length} ${preview.matches.length === 1 ? 'match' : 'matches'}: untick any to keep`}
          </h3>
          {preview.truncated && <p className="text-sm text-muted-foreground">Only the first matches are listed; every match will be removed.</p>}
          <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border p-2">
            {preview.matches.map((match, index) => (
              <li key={`${match.page}-${index}`} className="flex items-start gap-2">
                <Checkbox id={`${id}-m${index}`} checked={match.keep} onCheckedChange={(checked) => redaction.keep(index, checked === true)} disabled={preview.truncated} />
                <Label htmlFor={`${id}-m${index}`} className="min-w-0 leading-tight font-normal break-words">
                  Page {match.page}: “{match.text}”{match.preset && <span className="text-muted-foreground"> ({PRESET_NAMES[match.preset]})</span>}
                </Label>
              </li>
            ))}
          </ul>
        </section>
      )}

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Areas to black out</legend>
        {doc && pageCount ? (
          <AreaPicker doc={doc} pageCount={pageCount} areas={choices.areas} onAdd={(area) => change({ areas: [...choices.areas, area] })} matches={preview?.matches.filter((m) => m.keep) ?? []} />
        ) : null}
        <p className="text-sm text-muted-foreground">Drag on the page to draw an area, or type one in points (1/72 inch) from the bottom-left corner of the page.</p>
        {choices.areas.map((area, index) => (
          <AreaFields key={index} index={index} area={area} pageCount={pageCount} onChange={(next) => setArea(index, next)} />
        ))}
        <Button type="button" variant="ghost" size="sm" onClick={() => change({ areas: [...choices.areas, { page: 1, x: 72, y: 72, width: 200, height: 40 }] })}>
          <PlusIcon /> Add an area
        </Button>
      </fieldset>
    </div>
  );
}

function AreaFields({ index, area, pageCount, onChange }: { index: number; area: RedactionArea; pageCount?: number; onChange: (area: RedactionArea | undefined) => void }) {
  const id = useId();
  const field = (key: keyof RedactionArea, label: string, min: number, max?: number) => (
    <div className="space-y-1">
      <Label htmlFor={`${id}-${key}`} className="text-xs">
        {label}
      </Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        value={area[key]}
        onChange={(e) => onChange({ ...area, [key]: Math.max(min, Number(e.target.value) || 0) })}
      />
    </div>
  );
  return (
    <div role="group" aria-label={`Area ${index + 1}`} className="grid grid-cols-3 items-end gap-2 sm:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
      {field('page', 'Page', 1, pageCount)}
      {field('x', 'Left', 0)}
      {field('y', 'Bottom', 0)}
      {field('width', 'Width', 1)}
      {field('height', 'Height', 1)}
      <Button type="button" variant="ghost" size="icon" aria-label={`Remove area ${index + 1}`} onClick={() => onChange(undefined)}>
        <Trash2Icon />
      </Button>
    </div>
  );
}
