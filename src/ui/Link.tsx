import type { ComponentPropsWithRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { link } from './Link.css';
import { cx } from './cx';

export type LinkTone = 'default' | 'muted' | 'onDark';

export type LinkProps = ComponentPropsWithRef<typeof RouterLink> & { tone?: LinkTone };

/** A react-router Link with the kit's text-link styles. */
export function Link({ tone = 'default', className, ...rest }: LinkProps) {
  return <RouterLink className={cx(link[tone], className)} {...rest} />;
}

export type ExternalLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href' | 'target' | 'rel'> & {
  href: string;
  tone?: LinkTone;
};

/** A link that opens in a new tab, without giving the new page access to this one. */
export function ExternalLink({ tone = 'default', className, ...rest }: ExternalLinkProps) {
  return <a target="_blank" rel="noopener noreferrer" className={cx(link[tone], className)} {...rest} />;
}
