import {createContext, useContext, type ReactNode} from 'react';
import Heading from '@theme/Heading';

type BlogListInfo = {title: string; description: string};

/** Set by the BlogListPage wrapper; absent on tag, author and post pages. */
export const BlogListContext = createContext<BlogListInfo | null>(null);

/** The blog list's own heading, which the classic theme leaves out. */
export default function BlogListHeader(): ReactNode {
  const info = useContext(BlogListContext);
  if (!info) return null;
  return (
    <header className="margin-bottom--lg">
      <Heading as="h1">{info.title}</Heading>
      <p>{info.description}</p>
    </header>
  );
}
