type LoaderProps = { label?: string; size?: 'small' | 'large' };

/** The loading spinner with a name for assistive technology. */
export function Loader({ label = 'Loading', size = 'small' }: LoaderProps) {
  return (
    <span className={`loader loader--${size}`} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
