/** "Peter Otieno" → "PO": the avatar's text when there is no photo. */
export function initialsOf(user: { firstName: string | null; lastName: string | null } | null): string {
  return (
    [user?.firstName, user?.lastName].map((part) => part?.trim().charAt(0).toUpperCase() ?? '').join('') ||
    '?'
  );
}
