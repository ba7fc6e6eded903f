/** When the legal and policy texts last changed (DD/MM/YYYY). Update with the text. */
export const POLICIES_LAST_UPDATED = '24/11/2026';
