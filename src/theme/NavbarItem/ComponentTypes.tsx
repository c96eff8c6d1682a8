/** Adds our navbar item types to the theme's map (an extension, not an ejection). */
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import MobileMainMenu from '@site/src/components/MobileMainMenu';

export default {
  ...ComponentTypes,
  'custom-mobileMainMenu': MobileMainMenu,
};
