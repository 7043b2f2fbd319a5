/** Why something could not be read or done, in the API's own words; announced to screen readers as it appears. */
export function Refusal({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p class="refusal" role="alert" id={id}>
      {message}
    </p>
  );
}
