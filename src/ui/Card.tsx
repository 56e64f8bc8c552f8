import type { HTMLAttributes, Ref } from 'react';
import { card } from './Card.css';
import { cx } from './cx';

export type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article' | 'li';
  /** Violet gradient with white text: vertical on mobile, horizontal from 768 px (spec §9). */
  gradient?: boolean;
  padding?: 'sm' | 'md' | 'lg';
  ref?: Ref<HTMLElement>;
};

/** A surface for grouped content. */
export function Card({ as: Tag = 'div', gradient = false, padding = 'md', className, ref, ...rest }: CardProps) {
  const classes = cx(card({ gradient, padding }), className);
  // Each tag gets its own element type for the ref; HTMLElement covers all four.
  switch (Tag) {
    case 'section':
      return <section ref={ref} className={classes} {...rest} />;
    case 'article':
      return <article ref={ref} className={classes} {...rest} />;
    case 'li':
      return <li ref={ref as Ref<HTMLLIElement>} className={classes} {...rest} />;
    default:
      return <div ref={ref as Ref<HTMLDivElement>} className={classes} {...rest} />;
  }
}
