import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner and refuses clicks while an action runs. */
  isLoading?: boolean;
  children: ReactNode;
};

/** The button of spec 2 (Other UI): primary, secondary or link-styled, with a loading state. */
export function Button({
  variant = 'primary',
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

type LinkButtonProps = LinkProps & { variant?: ButtonVariant };

/** A link that looks like a button: navigation, not an action. */
export function LinkButton({ variant = 'primary', className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={buttonClassName(variant, className)} />;
}

function buttonClassName(variant: ButtonVariant, extra: string | undefined): string {
  const base = variant === 'link' ? 'button-link' : `button button--${variant}`;
  return extra ? `${base} ${extra}` : base;
}
