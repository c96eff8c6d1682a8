/**
 * Wraps the navbar to add, right after it, what readers without JavaScript need:
 * the section list the menu button would open on phones, and the page's notice
 * (see src/components/NoScriptFallback).
 */
import type {ReactNode} from 'react';
import Navbar from '@theme-original/Navbar';
import type NavbarType from '@theme/Navbar';
import type {WrapperProps} from '@docusaurus/types';
import NoScriptFallback from '@site/src/components/NoScriptFallback';

type Props = WrapperProps<typeof NavbarType>;

export default function NavbarWrapper(props: Props): ReactNode {
  return (
    <>
      <Navbar {...props} />
      <NoScriptFallback />
    </>
  );
}
