import {
  CalendarIcon,
  CheckIcon,
  CircleIcon,
  EraserIcon,
  HighlighterIcon,
  ImageIcon,
  MessageSquareIcon,
  MinusIcon,
  MousePointer2Icon,
  MoveHorizontalIcon,
  MoveUpRightIcon,
  PanelLeftIcon,
  PencilIcon,
  Redo2Icon,
  SignatureIcon,
  SquareIcon,
  StrikethroughIcon,
  TypeIcon,
  UnderlineIcon,
  Undo2Icon,
  XIcon,
  ZoomInIcon,
  ZoomOutIcon,
  type LucideIcon,
} from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { IMAGE_TYPES } from '../lib/images';
import { isMarkupTool, type Tool } from '../model/placement';
import { HiddenFileInput } from '@/components/hidden-file-input';

const TOOLS: Array<{ tool: Tool; label: string; icon: LucideIcon }> = [
  { tool: 'select', label: 'Select', icon: MousePointer2Icon },
  { tool: 'text', label: 'Text', icon: TypeIcon },
  { tool: 'highlight', label: 'Highlight', icon: HighlighterIcon },
  { tool: 'underline', label: 'Underline', icon: UnderlineIcon },
  { tool: 'strikeout', label: 'Strike-through', icon: StrikethroughIcon },
  { tool: 'note', label: 'Comment', icon: MessageSquareIcon },
  { tool: 'ink', label: 'Draw', icon: PencilIcon },
  { tool: 'rectangle', label: 'Rectangle', icon: SquareIcon },
  { tool: 'ellipse', label: 'Ellipse', icon: CircleIcon },
  { tool: 'line', label: 'Line', icon: MinusIcon },
  { tool: 'arrow', label: 'Arrow', icon: MoveUpRightIcon },
  { tool: 'whiteout', label: 'Whiteout', icon: EraserIcon },
  { tool: 'tick', label: 'Tick', icon: CheckIcon },
  { tool: 'cross', label: 'Cross', icon: XIcon },
  { tool: 'date', label: 'Date', icon: CalendarIcon },
];

interface ToolbarProps {
  tool: Tool;
  readOnly: boolean;
  onTool: (tool: Tool) => void;
  onImage: (file: File) => void;
  onSign: () => void;
  onInitialEveryPage: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoomPercent: number;
  onZoom: (direction: 'in' | 'out' | 'fit') => void;
  onToggleRail: () => void;
}

function IconButton({ label, icon: Icon, pressed, className, ...props }: { label: string; icon: LucideIcon; pressed?: boolean } & React.ComponentProps<typeof Button>) {
  return (
    <Button type="button" variant={pressed ? 'secondary' : 'ghost'} size="icon" aria-label={label} title={label} aria-pressed={pressed} className={cn('size-9 shrink-0', pressed && 'ring-1 ring-primary', className)} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}

const Divider = () => <span aria-hidden className="mx-1 h-6 w-px shrink-0 bg-border" />;

/** The editor's tools, history and zoom; scrolls sideways on a phone. */
export function Toolbar(props: ToolbarProps) {
  const { tool, readOnly, onTool } = props;
  const imageInput = useRef<HTMLInputElement>(null);
  return (
    <div role="toolbar" aria-label="Editor tools" className="flex items-center gap-0.5 overflow-x-auto border-b bg-background px-2 py-1.5 lg:flex-wrap">
      <IconButton label="Pages" icon={PanelLeftIcon} onClick={props.onToggleRail} />
      <Divider />
      {!readOnly && (
        <>
          {TOOLS.map(({ tool: t, label, icon }) => (
            <IconButton key={t} label={label} icon={icon} pressed={tool === t} onClick={() => onTool(isMarkupTool(t) || t !== tool ? t : 'select')} />
          ))}
          <IconButton label="Image" icon={ImageIcon} onClick={() => imageInput.current?.click()} />
          <HiddenFileInput ref={imageInput} label="Choose an image" accept={IMAGE_TYPES.join(',')} onFiles={([file]) => props.onImage(file)} />
          <Button type="button" variant="ghost" size="sm" className="shrink-0" onClick={props.onSign}>
            <SignatureIcon aria-hidden /> Sign
          </Button>
          <Button type="button" variant="ghost" size="sm" className="shrink-0" onClick={props.onInitialEveryPage}>
            Initial every page
          </Button>
          <Divider />
          <IconButton label="Undo" icon={Undo2Icon} disabled={!props.canUndo} onClick={props.onUndo} />
          <IconButton label="Redo" icon={Redo2Icon} disabled={!props.canRedo} onClick={props.onRedo} />
          <Divider />
        </>
      )}
      <IconButton label="Zoom out" icon={ZoomOutIcon} onClick={() => props.onZoom('out')} />
      <span className="w-12 shrink-0 text-center text-xs tabular-nums" aria-live="polite">
        {props.zoomPercent}%
      </span>
      <IconButton label="Zoom in" icon={ZoomInIcon} onClick={() => props.onZoom('in')} />
      <IconButton label="Fit width" icon={MoveHorizontalIcon} onClick={() => props.onZoom('fit')} />
    </div>
  );
}
