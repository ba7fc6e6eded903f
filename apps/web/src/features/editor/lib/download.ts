/** A PDF fetched for the editor with the name its download answers with (`filename="…"`). */
export async function downloadPdf(url: string, signal?: AbortSignal): Promise<{ bytes: ArrayBuffer; filename: string | null }> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const filename = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null);
  return { bytes: await response.arrayBuffer(), filename };
}
