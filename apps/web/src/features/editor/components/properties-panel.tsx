import { BoldIcon, ItalicIcon, Trash2Icon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { EditorObject } from '../model/types';
import { objectLabel } from './object-view';

interface PropertiesPanelProps {
  object: EditorObject;
  onChange: (update: (object: EditorObject) => EditorObject) => void;
  onDelete: () => void;
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="w-20 shrink-0 text-xs">
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

function NumberField({ label, value, min, max, step = 1, onChange }: { label: string; value: number; min: number; max: number; step?: number; onChange: (value: number) => void }) {
  return (
    <Field label={label}>
      {(id) => (
        <Input
          id={id}
          type="number"
          className="h-8"
          value={Math.round(value * 100) / 100}
          min={min}
          max={max}
          step={step}
          onChange={(event) => {
            const n = event.target.valueAsNumber;
            if (Number.isFinite(n) && n >= min && n <= max) onChange(n);
          }}
        />
      )}
    </Field>
  );
}

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <Field label={label}>{(id) => <input id={id} type="color" className="h-8 w-14 cursor-pointer rounded border bg-background" value={value} onChange={(event) => onChange(event.target.value.toUpperCase())} />}</Field>;
}

/** The selected object's look: colours, size, text style, line width, opacity, rotation; and Delete. */
export function PropertiesPanel({ object, onChange, onDelete }: PropertiesPanelProps) {
  const set = (patch: Partial<EditorObject>) => onChange((o) => ({ ...o, ...patch }) as EditorObject);
  return (
    <section aria-label="Properties" className="flex flex-col gap-3 p-3">
      <h2 className="truncate text-sm font-semibold">{objectLabel(object)}</h2>
      {object.kind === 'text' && (
        <>
          <NumberField label="Size" value={object.size} min={4} max={400} onChange={(size) => set({ size })} />
          <ColourField label="Colour" value={object.color} onChange={(color) => set({ color })} />
          <div className="flex gap-1">
            <Button type="button" size="icon" variant={object.bold ? 'secondary' : 'ghost'} aria-label="Bold" aria-pressed={object.bold} onClick={() => set({ bold: !object.bold })}>
              <BoldIcon aria-hidden />
            </Button>
            <Button type="button" size="icon" variant={object.italic ? 'secondary' : 'ghost'} aria-label="Italic" aria-pressed={object.italic} onClick={() => set({ italic: !object.italic })}>
              <ItalicIcon aria-hidden />
            </Button>
          </div>
          <Field label="Alignment">
            {(id) => (
              <select id={id} className="h-8 rounded-md border bg-background px-2 text-sm" value={object.align} onChange={(event) => set({ align: event.target.value as 'left' })}>
                <option value="left">Left</option>
                <option value="center">Centre</option>
                <option value="right">Right</option>
              </select>
            )}
          </Field>
        </>
      )}
      {(object.kind === 'rectangle' || object.kind === 'ellipse') && (
        <>
          <ColourField label="Outline" value={object.stroke ?? '#000000'} onChange={(stroke) => set({ stroke })} />
          <Field label="Fill">
            {(id) => (
              <span className="flex items-center gap-2">
                <input id={id} type="color" className="h-8 w-14 cursor-pointer rounded border bg-background" value={object.fill ?? '#FFFFFF'} onChange={(event) => set({ fill: event.target.value.toUpperCase() })} />
                <Button type="button" size="sm" variant="ghost" disabled={!object.fill} onClick={() => set({ fill: undefined })}>
                  No fill
                </Button>
              </span>
            )}
          </Field>
        </>
      )}
      {(object.kind === 'line' || object.kind === 'arrow' || object.kind === 'ink') && <ColourField label="Colour" value={object.stroke} onChange={(stroke) => set({ stroke })} />}
      {(object.kind === 'highlight' || object.kind === 'underline' || object.kind === 'strikeout' || object.kind === 'note' || object.kind === 'stamp') && (
        <ColourField label="Colour" value={object.color} onChange={(color) => set({ color })} />
      )}
      {object.kind === 'stamp' && <NumberField label="Size" value={object.size} min={4} max={400} onChange={(size) => set({ size })} />}
      {'strokeWidth' in object && <NumberField label="Line width" value={object.strokeWidth} min={0} max={100} step={0.5} onChange={(strokeWidth) => set({ strokeWidth })} />}
      {'opacity' in object && <NumberField label="Opacity %" value={object.opacity * 100} min={0} max={100} step={5} onChange={(percent) => set({ opacity: percent / 100 })} />}
      {'rotation' in object && <NumberField label="Rotation °" value={object.rotation} min={-360} max={360} onChange={(rotation) => set({ rotation })} />}
      <Button type="button" variant="outline" size="sm" className="text-destructive" onClick={onDelete}>
        <Trash2Icon aria-hidden /> Delete
      </Button>
    </section>
  );
}
