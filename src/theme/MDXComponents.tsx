/** Adds our Markdown element components to the theme's map (an extension, not an ejection). */
import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import {translate} from '@docusaurus/Translate';
import {useAnchorTargetClassName} from '@docusaurus/theme-common';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import ScrollableTable from '@site/src/components/ScrollableTable';

/**
 * h4–h6 in the theme's markup from one component each, not the theme's four: the SDK
 * reference has hundreds ("Parameters", "Returns"), each one work when the page hydrates.
 */
function minorHeading(As: 'h4' | 'h5' | 'h6') {
  return function MinorHeading({id, ...props}: ComponentProps<'h4'>): ReactNode {
    const brokenLinks = useBrokenLinks();
    const anchorClassName = useAnchorTargetClassName(id);
    if (!id) return <As {...props} />;
    // Links to this heading from other pages count as valid in the build's broken-anchor check.
    brokenLinks.collectAnchor(id);
    const title = translate(
      {id: 'theme.common.headingLinkTitle', message: 'Direct link to {heading}'},
      {heading: typeof props.children === 'string' ? props.children : id},
    );
    return (
      <As
        {...props}
        id={id}
        className={['anchor', anchorClassName, props.className].filter(Boolean).join(' ')}
      >
        {props.children}
        <a href={`#${id}`} className="hash-link" aria-label={title} title={title} translate="no">
          &#8203;
        </a>
      </As>
    );
  };
}

export default {
  ...MDXComponents,
  table: ScrollableTable,
  h4: minorHeading('h4'),
  h5: minorHeading('h5'),
  h6: minorHeading('h6'),
};
