import type { ComponentProps } from 'react';
import styles from './button.module.css';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'brand';
export type TButtonSize = 'sm' | 'md' | 'lg';

/** Class names of a button, also used by links that look like buttons. */
export function buttonClass(variant: TButtonVariant = 'primary', size: TButtonSize = 'md', block = false): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : ''].filter(Boolean).join(' ');
}

/** A button's own props, `ref` included (React 19 passes it as a prop). */
interface TButtonProps extends ComponentProps<'button'> {
  variant?: TButtonVariant;
  size?: TButtonSize;
  block?: boolean;
}

export function Button({ variant, size, block, className, type = 'button', ...rest }: TButtonProps) {
  return <button type={type} className={[buttonClass(variant, size, block), className].filter(Boolean).join(' ')} {...rest} />;
}
