import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import '@fontsource/caveat/400.css';
import { EraserIcon, ImageUpIcon, Trash2Icon, Undo2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import SignaturePad from 'signature_pad';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth/session';
import { cn } from '@/lib/utils';
import { fetchSavedSignature, savedSignatureUrl, useDeleteSignature, useSavedSignatures, useSaveSignature, type SignatureKind } from './api';
import {
  SCRIPT_FONTS,
  signatureFromBlob,
  signatureFromCanvas,
  typedSignatureCanvas,
  uploadedSignatureCanvas,
  uploadProblem,
  UPLOAD_TYPES,
  type SignatureImage,
} from './signature-image';
import { HiddenFileInput } from '@/components/hidden-file-input';

interface SignatureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: SignatureKind;
  onDone: (image: SignatureImage) => void;
}

type Way = 'draw' | 'type' | 'upload';

/** Ink is a dark blue-black that reads as a pen on paper; the canvas behind it stays transparent. */
const INK = '#1a2340';

const WORDS: Record<SignatureKind, { title: string; noun: string; use: string }> = {
  signature: { title: 'Add your signature', noun: 'signature', use: 'Use signature' },
  initials: { title: 'Add your initials', noun: 'initials', use: 'Use initials' },
};

/** Draw, type or upload a signature (or initials); account holders can keep it on their profile. */
export function SignatureDialog({ open, onOpenChange, kind, onDone }: SignatureDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{WORDS[kind].title}</DialogTitle>
          <DialogDescription>Draw it, type it or upload a picture of it. It is placed on the page as a transparent image.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts with a clean pad. */}
        {open && <SignatureMaker kind={kind} onClose={() => onOpenChange(false)} onDone={onDone} />}
      </DialogContent>
    </Dialog>
  );
}

function SignatureMaker({ kind, onDone, onClose }: { kind: SignatureKind; onDone: SignatureDialogProps['onDone']; onClose: () => void }) {
  const { user } = useSession();
  const saved = useSavedSignatures(Boolean(user));
  const save = useSaveSignature();
  const forget = useDeleteSignature();
  const [way, setWay] = useState<Way>('draw');
  const [keep, setKeep] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const drawRef = useRef<SignaturePad | null>(null);
  const drawCanvasRef = useRef<HTMLCanvasElement>(null);
  const [typed, setTyped] = useState(() => (kind === 'initials' ? initialsOf(user?.name) : (user?.name ?? '')));
  /** What each style card shows: the typed text, or a stand-in until there is some. */
  const sample = typed.trim() || (kind === 'signature' ? 'Your name' : 'AB');
  const [font, setFont] = useState(SCRIPT_FONTS[0]!);
  const [upload, setUpload] = useState<Upload | null>(null);
  const keepId = useId();
  const savedOne = saved.data?.[kind] ?? null;

  const finish = (image: SignatureImage) => {
    onDone(image);
    onClose();
  };

  const pickSaved = async () => {
    if (!savedOne) return;
    setBusy(true);
    try {
      finish(await signatureFromBlob(await fetchSavedSignature(kind, savedOne.updated_at)));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const make = async (): Promise<SignatureImage | null> => {
    if (way === 'draw') {
      const pad = drawRef.current;
      return pad && !pad.isEmpty() && drawCanvasRef.current ? signatureFromCanvas(drawCanvasRef.current) : null;
    }
    if (way === 'type') return typed.trim() ? signatureFromCanvas(await typedSignatureCanvas(typed.trim(), font, INK)) : null;
    return upload ? signatureFromCanvas(upload.canvas) : null;
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const image = await make();
      if (!image) {
        setProblem(way === 'draw' ? `Draw your ${WORDS[kind].noun} first.` : way === 'type' ? 'Type your name first.' : 'Choose an image first.');
        return;
      }
      if (user && keep) {
        // Keeping it is a convenience: a failed save still places the signature.
        await save.mutateAsync({ kind, png: image.blob }).catch((error: Error) =>
          toast({ title: 'Could not save to your profile', description: error.message, variant: 'destructive' }),
        );
      }
      finish(image);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid min-w-0 gap-4">
      {savedOne && (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
          <div className="flex h-14 min-w-0 flex-1 items-center justify-center rounded-md bg-white">
            <img src={savedSignatureUrl(kind, savedOne.updated_at)} alt={`Your saved ${WORDS[kind].noun}`} className="max-h-12 max-w-full object-contain" />
          </div>
          <Button type="button" onClick={() => void pickSaved()} disabled={busy}>
            {kind === 'signature' ? 'Use saved signature' : 'Use saved initials'}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-muted-foreground hover:text-destructive"
            aria-label={`Remove your saved ${WORDS[kind].noun}`}
            disabled={busy || forget.isPending}
            onClick={() => forget.mutate(kind, { onError: (error) => setProblem(error.message) })}
          >
            <Trash2Icon />
          </Button>
        </div>
      )}
      <Tabs value={way} onValueChange={(value) => (setWay(value as Way), setProblem(null))}>
        <TabsList className="w-full">
          <TabsTrigger value="draw">Draw</TabsTrigger>
          <TabsTrigger value="type">Type</TabsTrigger>
          <TabsTrigger value="upload">Upload</TabsTrigger>
        </TabsList>
        <TabsContent value="draw" forceMount className="data-[state=inactive]:hidden">
          <DrawPad padRef={drawRef} canvasRef={drawCanvasRef} kind={kind} />
        </TabsContent>
        <TabsContent value="type" className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${keepId}-typed`}>{kind === 'signature' ? 'Your name' : 'Your initials'}</Label>
            <Input id={`${keepId}-typed`} value={typed} maxLength={kind === 'signature' ? 60 : 6} onChange={(e) => setTyped(e.target.value)} autoComplete="name" />
          </div>
          <div role="radiogroup" aria-label="Style" className="grid gap-2">
            {SCRIPT_FONTS.map((option) => (
              <button
                key={option.family}
                type="button"
                role="radio"
                aria-checked={option === font}
                // The name starts with the text shown, so a speech user can say what they see (WCAG 2.5.3).
                aria-label={`${sample} in ${option.label}`}
                onClick={() => setFont(option)}
                className={cn(
                  'flex h-16 items-center overflow-hidden rounded-lg border bg-white px-4 text-left text-3xl text-[#1a2340] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  option === font ? 'border-primary ring-2 ring-primary/40' : 'hover:border-primary/50',
                )}
                style={{ fontFamily: `"${option.family}", cursive` }}
              >
                <span className="truncate">{sample}</span>
              </button>
            ))}
          </div>
        </TabsContent>
        <TabsContent value="upload">
          <UploadPicker upload={upload} onUpload={setUpload} onProblem={setProblem} />
        </TabsContent>
      </Tabs>
      {problem && (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      {user ? (
        <div className="flex items-center gap-2">
          <Checkbox id={keepId} checked={keep} onCheckedChange={(checked) => setKeep(checked === true)} />
          <Label htmlFor={keepId}>Save to my profile</Label>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Sign in to keep your {WORDS[kind].noun} for next time.</p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void confirm()} disabled={busy}>
          {busy && <Spinner />}
          {WORDS[kind].use}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Smooth, pressure-like strokes from signature_pad, sized to the box at the screen's pixel ratio. */
function DrawPad({
  padRef,
  canvasRef,
  kind,
}: {
  padRef: RefObject<SignaturePad | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  kind: SignatureKind;
}) {
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 0.8, maxWidth: 3 });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (width === 0 || (canvas.width === width && canvas.height === height)) return;
      // Resizing wipes the canvas: keep the strokes and draw them again at the new size.
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    fit();
    const changed = () => setEmpty(pad.isEmpty());
    pad.addEventListener('endStroke', changed);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', changed);
      pad.off();
      padRef.current = null;
    };
  }, [padRef, canvasRef]);

  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const strokes = pad.toData();
    strokes.pop();
    pad.fromData(strokes);
    setEmpty(pad.isEmpty());
  };

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
  };

  return (
    <div className="grid gap-2">
      <div className="relative">
        <canvas
          ref={canvasRef}
          aria-label={kind === 'signature' ? 'Signature drawing area' : 'Initials drawing area'}
          className="block h-44 w-full touch-none rounded-lg border bg-white"
        />
        <div aria-hidden className="pointer-events-none absolute inset-x-6 bottom-10 border-b border-dashed border-slate-300" />
        {empty && (
          <p className="pointer-events-none absolute inset-x-0 top-1/2 -translate-y-1/2 text-center text-sm text-slate-500">
            Draw with your mouse, finger or pen
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={undo} disabled={empty}>
          <Undo2Icon /> Undo stroke
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={empty}>
          <EraserIcon /> Clear
        </Button>
      </div>
    </div>
  );
}

/** A picture of a signature: checked, drawn on a canvas (re-encoded as PNG when used) and shown. */
function UploadPicker({ upload, onUpload, onProblem }: { upload: Upload | null; onUpload: (upload: Upload) => void; onProblem: (problem: string | null) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file);
    onProblem(problem);
    if (problem) return;
    try {
      const canvas = await uploadedSignatureCanvas(file);
      onUpload({ canvas, preview: canvas.toDataURL('image/png') });
    } catch {
      onProblem('That image could not be read. Choose another one.');
    }
  };

  return (
    <div className="grid gap-2">
      <HiddenFileInput ref={inputRef} label="Signature image" accept={UPLOAD_TYPES.join(',')} onFiles={([file]) => void pick(file)} />
      <div className={cn('flex h-44 items-center justify-center rounded-lg border bg-white p-2', !upload && 'border-dashed')}>
        {upload ? (
          <img src={upload.preview} alt="The image you chose" className="max-h-40 max-w-full object-contain" />
        ) : (
          <p className="text-sm text-slate-500">PNG, JPEG or WebP, up to 1 MB</p>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
          <ImageUpIcon /> {upload ? 'Choose another image' : 'Choose an image'}
        </Button>
      </div>
    </div>
  );
}

interface Upload {
  canvas: HTMLCanvasElement;
  /** The re-encoded picture, shown as it will be placed. */
  preview: string;
}

function initialsOf(name: string | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
}
