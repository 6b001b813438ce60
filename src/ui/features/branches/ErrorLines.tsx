// What the engine said when a branch action (a fork, a checkout, a removal) failed: each reason on
// its own line, as an alert; nothing when there is none.
export function ErrorLines({ errors, testId, className }: { errors: readonly string[]; testId: string; className: string }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" data-testid={testId} className={className}>
      {errors.map((e, i) => (
        <p key={i}>{e}</p>
      ))}
    </div>
  );
}
