import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { refreshDocuments } from '@/features/documents/api/documents';
import { api, isApiError } from '@/lib/api-client';
import type { ListedOutput, OutputList } from '@wattle/shared';

// Under 'jobs' so the realtime job.updated event refreshes the list too.
export const OUTPUTS_QUERY_KEY = ['jobs', 'outputs'] as const;

/** The most outputs one page of the list holds; outputs expire within a day, so a few pages at most. */
const OUTPUTS_PAGE_SIZE = 100;

/** Every unexpired output, page after page, newest first. */
async function allOutputs(): Promise<ListedOutput[]> {
  const outputs: ListedOutput[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await api.get<OutputList>(`/api/v1/outputs?page=${page}&pageSize=${OUTPUTS_PAGE_SIZE}`);
    outputs.push(...items);
    if (items.length === 0 || outputs.length >= total) return outputs;
  }
}

/** The account's unexpired outputs, newest first (the Downloads page). */
export function useOutputs(enabled = true) {
  return useQuery({
    queryKey: OUTPUTS_QUERY_KEY,
    queryFn: allOutputs,
    enabled,
    staleTime: 0,
  });
}

/** "Save to My Documents": stores an output as a document, within the storage quota. */
export function useSaveOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outputId: string) => api.post<{ document: { id: string } }>(`/api/v1/outputs/${encodeURIComponent(outputId)}/save`),
    onSuccess: () => {
      toast({ title: 'Saved to My Documents', description: 'You can find it under My Documents.', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: OUTPUTS_QUERY_KEY });
      void refreshDocuments(queryClient);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'STORAGE_LIMIT_EXCEEDED') {
        toast({ title: 'Storage limit exceeded', description: "You don't have enough storage space for these files.", variant: 'destructive' });
      } else {
        toast({ title: 'Could not save', description: error.message, variant: 'destructive' });
      }
    },
  });
}

/** "Delete now": one output, or every output of a result; the bytes go at once. */
export function useDeleteOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outputIds: string | readonly string[]) => Promise.all([outputIds].flat().map((id) => api.delete<void>(`/api/v1/outputs/${encodeURIComponent(id)}`))),
    onSuccess: (deleted) => {
      toast({ title: 'Deleted', description: deleted.length === 1 ? 'The file was deleted.' : 'The files were deleted.', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: OUTPUTS_QUERY_KEY });
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
}
