/**
 * A drop zone's title as a touch screen should say it: there is nothing to drag there, so "Drop your
 * PDF here" becomes "Tap to choose your PDF". Titles that do not speak of dropping stay as they are.
 */
export function touchWording(title: string): string {
  const match = /^(?:Drag and drop|Drop)\s+(.+?)\s+here\b(.*)$/.exec(title);
  return match ? `Tap to choose ${match[1]}${match[2]}` : title;
}
