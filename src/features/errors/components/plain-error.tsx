/** What crawlers get instead of the error page UI: the status and message, nothing interactive. */
export function PlainError({ statusCode, message }: { statusCode: number; message: string }) {
  return (
    <div data-plain-error="">
      <p>
        {statusCode} {message}
      </p>
    </div>
  );
}
