/** Core's client `browserContext`: `false` during the server render and hydration, then `true`, in a transition. */
import {createContext, startTransition, useEffect, useState, type ReactNode} from 'react';

export const Context = createContext(false);

export function BrowserContextProvider({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
