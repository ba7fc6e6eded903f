/** A page that shows one document cannot follow a switch (the document stays behind): My Documents instead. */
export function pageAfterSwitch(pathname: string): string | null {
  return /^\/dashboard\/edit\/[^/]+/.test(pathname) ? '/dashboard/documents' : null;
}
