/** The HTTP method as a coloured badge (the shell styles `.badge.method-*`). */
export function MethodBadge({ method, large }: { method: string; large?: boolean }) {
  return <span className={`badge method-${method.toLowerCase()}${large ? ' badge-large' : ''}`}>{method}</span>;
}
