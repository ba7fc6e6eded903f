import { useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import ReactCrop, { convertToPercentCrop, convertToPixelCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { clampZoom, initialSquareCrop, isArrowKey, nudgeCrop, nudgeStep, ZOOM_DEFAULT } from '../lib/crop';
import { cropToJpeg } from '../lib/crop-image';
import { ZoomSlider } from './zoom-slider';

interface CropDialogProps {
  /** The chosen picture as a data address; the dialog is open while it is set. */
  imageSrc: string | null;
  onCancel: () => void;
  /** Uploads the cropped 400x400 JPEG; the dialog closes when it resolves and stays open if it throws. */
  onSave: (jpeg: Blob) => Promise<void>;
}

/** "Crop Profile Picture": a circular, square crop with zoom and keyboard nudging. */
export function CropDialog({ imageSrc, onCancel, onSave }: CropDialogProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const [processing, setProcessing] = useState(false);

  const reset = () => {
    setCrop(undefined);
    setZoom(ZOOM_DEFAULT);
    setProcessing(false);
  };

  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    setCrop(initialSquareCrop(naturalWidth, naturalHeight));
  };

  // Arrow keys move the crop: 1 px, 10 with Shift, 100 with Ctrl or Cmd (handles still resize).
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const image = imageRef.current;
    const target = event.target as HTMLElement;
    if (!image || !crop || !isArrowKey(event.key) || !target.classList.contains('ReactCrop__crop-selection')) return;
    event.preventDefault();
    event.stopPropagation();
    const bounds = { width: image.width, height: image.height };
    const moved = nudgeCrop(convertToPixelCrop(crop, bounds.width, bounds.height), event.key, nudgeStep(event), bounds);
    setCrop(convertToPercentCrop(moved, bounds.width, bounds.height));
  };

  const save = async () => {
    const image = imageRef.current;
    if (!image || !crop) return;
    setProcessing(true);
    try {
      const jpeg = await cropToJpeg(image, crop, zoom);
      await onSave(jpeg);
      reset();
    } catch (error) {
      // Spec section 8: a crop failure is only logged (upload failures are toasted by the caller).
      console.error('Profile picture crop or upload failed', error);
      setProcessing(false);
    }
  };

  return (
    <Dialog
      open={imageSrc !== null}
      onOpenChange={(open) => {
        if (!open && !processing) {
          reset();
          onCancel();
        }
      }}
    >
      <DialogContent className="sm:max-w-xl" showCloseButton={!processing}>
        <DialogHeader>
          <DialogTitle>Crop Profile Picture</DialogTitle>
          <DialogDescription>
            Drag the circle to frame your picture. Arrow keys move it by 1 pixel, with Shift by 10 and with Ctrl or Cmd by 100.
          </DialogDescription>
        </DialogHeader>
        <div className="flex max-h-[55dvh] justify-center overflow-hidden rounded-lg bg-muted" onKeyDownCapture={onKeyDownCapture}>
          {imageSrc && (
            <ReactCrop
              crop={crop}
              onChange={(_, percent) => setCrop(percent)}
              aspect={1}
              circularCrop
              keepSelection
              minWidth={40}
              disabled={processing}
              ariaLabels={{
                cropArea: 'Crop area: use the arrow keys to move it',
                nwDragHandle: 'Resize from the top left',
                nDragHandle: 'Resize from the top',
                neDragHandle: 'Resize from the top right',
                eDragHandle: 'Resize from the right',
                seDragHandle: 'Resize from the bottom right',
                sDragHandle: 'Resize from the bottom',
                swDragHandle: 'Resize from the bottom left',
                wDragHandle: 'Resize from the left',
              }}
            >
              <img
                ref={imageRef}
                src={imageSrc}
                alt="Your new profile picture"
                onLoad={onImageLoad}
                className="max-h-[55dvh] max-w-full"
                style={{ transform: `scale(${zoom})` }}
              />
            </ReactCrop>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="avatar-zoom">Zoom</Label>
          <div className="flex items-center gap-3">
            <ZoomOutIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <ZoomSlider id="avatar-zoom" value={zoom} onChange={(value) => setZoom(clampZoom(value))} />
            <ZoomInIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="w-10 text-right text-sm text-muted-foreground tabular-nums">{zoom.toFixed(1)}×</span>
          </div>
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            disabled={processing}
            onClick={() => {
              reset();
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={processing || !crop}>
            {processing && <Spinner />}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
