import { CameraIcon } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth/session';
import { cn } from '@/lib/utils';
import { useUploadAvatar } from '../api/avatar';
import type { Profile } from '@wattle/shared';
import { useFakeProgress } from '../hooks/use-fake-progress';
import { isAllowedAvatarType } from '../lib/crop';
import { CropDialog } from './crop-dialog';
import { UserAvatar } from './user-avatar';

/**
 * The round 8rem avatar with an upload button on hover: pick a JPEG, PNG or GIF, crop it, and the
 * 400x400 result is uploaded under a progress overlay.
 */
export function AvatarEditor({ profile }: { profile: Profile | undefined }) {
  const { user } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const [imageSrc, setImageSrc] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const { progress, start, complete, finish } = useFakeProgress();
  const uploading = upload.isPending;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!isAllowedAvatarType(file.type)) {
      toast({ title: 'Invalid file type', description: 'Please select a valid image file (JPEG, PNG, or GIF)', variant: 'destructive' });
      return;
    }
    const reader = new FileReader();
    reader.addEventListener('load', () => setImageSrc(typeof reader.result === 'string' ? reader.result : null));
    reader.readAsDataURL(file);
  };

  const save = async (jpeg: Blob) => {
    start();
    try {
      await upload.mutateAsync(jpeg);
      complete();
      toast({ title: 'Success', description: 'Profile picture updated successfully', variant: 'success' });
      setImageSrc(null);
    } catch (error) {
      console.error('Profile picture upload failed', error);
      toast({ title: 'Error', description: 'Failed to upload profile picture', variant: 'destructive' });
      throw error;
    } finally {
      finish();
    }
  };

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="group relative size-32">
        <UserAvatar profile={profile} fallbackName={user?.name} className="size-32 shadow-sm ring-4 ring-background" textClassName="text-4xl" />
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          aria-label="Upload profile picture"
          className={cn(
            'absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-full bg-black/55 text-sm font-medium text-white opacity-0 transition-opacity outline-none',
            'group-hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring disabled:hidden',
          )}
        >
          <CameraIcon className="size-6" aria-hidden="true" />
          Upload
        </button>
        {/* Touch screens have no hover: a small camera button stays visible. */}
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          aria-hidden="true"
          tabIndex={-1}
          className="absolute right-1 bottom-1 flex size-9 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground shadow-sm disabled:opacity-50 [@media(hover:hover)]:hidden"
        >
          <CameraIcon className="size-4" />
        </button>
        {uploading && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-full bg-black/60 px-5" role="status" aria-label="Uploading profile picture">
            <span className="text-xs font-medium text-white tabular-nums">{progress}%</span>
            <Progress value={progress} className="h-1.5 bg-white/30" indicatorClassName="bg-wattle" />
          </div>
        )}
      </div>
      <input ref={inputRef} type="file" accept="image/*" className="hidden" onChange={onFileChosen} data-testid="avatar-input" />
      <CropDialog imageSrc={imageSrc} onCancel={() => setImageSrc(null)} onSave={save} />
    </div>
  );
}
