/** Shown while the first route modules load; fades in late so fast loads never flash it. */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
