/**
 * An e-mail address that, when it has to wrap in a narrow column, wraps after its "@"
 * ("thandiwe.dlamini@" / "example.co.za") rather than in the middle of a word. Pair it with
 * `break-words`, so a local part too long for the line still breaks.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
