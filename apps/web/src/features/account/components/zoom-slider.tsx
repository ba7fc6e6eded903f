import { Slider } from 'radix-ui';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../lib/crop';

/** The crop dialog's Zoom slider: 0.5 to 3 in steps of 0.1. */
export function ZoomSlider({ value, onChange, id }: { value: number; onChange: (value: number) => void; id?: string }) {
  return (
    <Slider.Root
      id={id}
      min={ZOOM_MIN}
      max={ZOOM_MAX}
      step={ZOOM_STEP}
      value={[value]}
      onValueChange={([next]) => next !== undefined && onChange(next)}
      className="relative flex h-5 w-full touch-none items-center select-none"
    >
      <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-primary/20">
        <Slider.Range className="absolute h-full bg-primary" />
      </Slider.Track>
      <Slider.Thumb
        aria-label="Zoom"
        className="block size-5 rounded-full border-2 border-primary bg-background shadow-sm transition-[box-shadow] outline-none hover:ring-4 hover:ring-ring/30 focus-visible:ring-4 focus-visible:ring-ring/50"
      />
    </Slider.Root>
  );
}
