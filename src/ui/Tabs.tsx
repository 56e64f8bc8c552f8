import type { ComponentPropsWithRef, Ref } from 'react';
import { Tabs } from 'radix-ui';
import * as s from './Tabs.css';
import { cx } from './cx';
import { mergeRefs } from './mergeRefs';

export type TabsRootProps = ComponentPropsWithRef<typeof Tabs.Root>;

/** Radix Tabs root; pass value/onValueChange (controlled) or defaultValue. */
export function TabsRoot({ className, ...rest }: TabsRootProps) {
  return <Tabs.Root className={cx(s.root, className)} {...rest} />;
}

export type TabsListProps = ComponentPropsWithRef<typeof Tabs.List> & {
  /** The horizontally scrolling strip, e.g. to animate scrollLeft (same element as ref). */
  scrollRef?: Ref<HTMLDivElement>;
  /**
   * Many tabs (the operator console's nine): they wrap onto more lines instead of scrolling, so that every section is
   * in sight at any width.
   */
  wrap?: boolean;
};

/** The tab strip: scrolls horizontally on narrow screens without a visible scrollbar, or wraps (`wrap`). */
export function TabsList({ className, ref, scrollRef, wrap = false, ...rest }: TabsListProps) {
  return <Tabs.List ref={mergeRefs(ref, scrollRef)} className={cx(s.list, wrap && s.wraps, className)} {...rest} />;
}

export type TabsTriggerProps = ComponentPropsWithRef<typeof Tabs.Trigger>;

export function TabsTrigger({ className, ...rest }: TabsTriggerProps) {
  return <Tabs.Trigger className={cx(s.trigger, className)} {...rest} />;
}

export type TabsContentProps = ComponentPropsWithRef<typeof Tabs.Content>;

export function TabsContent({ className, ...rest }: TabsContentProps) {
  return <Tabs.Content className={cx(s.content, className)} {...rest} />;
}
