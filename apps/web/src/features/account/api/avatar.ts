import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PROFILE_QUERY_KEY } from './profile';
import type { Profile } from '@wattle/shared';

/** `PUT /api/profile/avatar`: the cropped 400x400 JPEG; answers the new cache-busting avatar_url. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jpeg: Blob) => {
      const form = new FormData();
      form.set('file', jpeg, 'avatar.jpg');
      return api.put<{ avatar_url: string }>('/api/profile/avatar', form);
    },
    onSuccess: ({ avatar_url }) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, (profile) => (profile ? { ...profile, avatar_url } : profile));
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
