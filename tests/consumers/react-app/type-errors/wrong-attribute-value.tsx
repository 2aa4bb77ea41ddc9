// Wrong: sm-donate has no view "checkout", and theme is light or dark.
import 'sm-portal-widgets/sm-donate';
import 'sm-portal-widgets/react';

export const page = (
  <>
    <sm-donate view="checkout" />
    <sm-donate theme="purple" />
  </>
);
