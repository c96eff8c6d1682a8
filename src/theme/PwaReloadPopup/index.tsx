import React, {type ReactNode} from 'react';
import PwaReloadPopup from '@theme-original/PwaReloadPopup';
import type {Props} from '@theme/PwaReloadPopup';

/**
 * The prompt to reload after a deploy, in a status region so screen readers
 * announce it; the original is only a styled box.
 */
export default function PwaReloadPopupWrapper(props: Props): ReactNode {
  return (
    <div role="status" aria-label="Site update">
      <PwaReloadPopup {...props} />
    </div>
  );
}
