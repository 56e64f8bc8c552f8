import { Avatar as RadixAvatar } from 'radix-ui';
import * as s from './Avatar.css';
import { cx } from './cx';

export type AvatarProps = {
  src?: string | null;
  /** Accessible name of the picture; '' marks the avatar decorative. */
  alt: string;
  /** Initials shown while the image loads or when there is none. */
  fallback: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
};

/** A round user picture with an initials fallback (Radix Avatar). */
export function Avatar({ src, alt, fallback, size = 'md', className }: AvatarProps) {
  const decorative = alt === '';
  return (
    <RadixAvatar.Root className={cx(s.root[size], className)}>
      {src ? <RadixAvatar.Image className={s.image} src={src} alt={alt} /> : null}
      <RadixAvatar.Fallback
        className={s.fallback}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}
      >
        {fallback.slice(0, 2)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
