// Wrong: sm-donate has no view "checkout", and theme is light or dark.
import 'sm-portal-widgets/sm-donate';

export const page = (
  <>
    <sm-donate view="checkout" />
    <sm-donate theme="purple" />
  </>
);
