/**
 * A Markdown table. Infima lets every table scroll sideways when it is wider than
 * the page; a table that does scroll becomes a tab stop, so keyboard users can
 * scroll it with the arrow keys (WCAG 2.1.1, axe "scrollable-region-focusable").
 * Tables that fit stay out of the tab order.
 */
import {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    const update = () =>
      setScrolls(table.scrollWidth > table.clientWidth + 1 || table.scrollHeight > table.clientHeight + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table ref={ref} {...props} {...(scrolls && {tabIndex: 0})} />;
}
